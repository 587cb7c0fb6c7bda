import Foundation
import LandfallJSON

/// The body of `POST /v1/webhooks`: where to send events, which ones, and what for:
/// `{"url": "https://crm.example.com/landfall", "events": ["link.created"], "description": "CRM"}`.
///
/// This reads the body's shape; the server then checks the URL (`WebhookURL`, with the site's
/// `webhooks.allowPrivateNetworks`) and the event names (`WebhookEventSelection`), reporting
/// their refusals on the fields `url` and `events`.
///
/// ```swift
/// let draft = try WebhookEndpointDraft(json: Array(#"{"url": "https://crm.example.com/landfall", "events": ["*"]}"#.utf8))
/// draft.events       // ["*"]
/// draft.description  // ""
/// ```
public struct WebhookEndpointDraft: Sendable, Hashable {
    /// Where deliveries are sent, as given.
    public var url: String
    /// The event types wanted, or `["*"]` for all, as given.
    public var events: [String]
    /// What the endpoint is for, for people, without surrounding spaces (may be empty).
    public var description: String

    /// Creates a draft.
    public init(url: String, events: [String], description: String = "") {
        self.url = url
        self.events = events
        self.description = description
    }

    static let fields = ["url", "events", "description"]

    /// The longest `url` read (the server's check says more about what it must be).
    public static let maximumURLLength = 2048
    /// The longest `description`, in characters.
    public static let maximumDescriptionLength = 200

    /// What is wrong with an endpoint's description (`must be at most 200 characters; it has
    /// 240`, `must be one line of text, …`), or `nil`: the one rule of the API, the CLI's
    /// `--description` and the dashboard's form.
    public static func descriptionProblem(_ text: String) -> String? {
        if text.count > maximumDescriptionLength {
            return "must be at most \(maximumDescriptionLength) characters; it has \(text.count)"
        }
        if text.unicodeScalars.contains(where: { [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) }) {
            return "must be one line of text, without control characters such as tabs or line breaks"
        }
        return nil
    }

    /// Reads the JSON body of `POST /v1/webhooks`.
    ///
    /// - Throws: ``InvalidRequestBody`` with every problem in document order: not JSON, not an
    ///   object, unknown or repeated fields, a missing `url` or `events`, a `url` that is not a
    ///   string of at most 2048 characters, `events` that is not an array of strings, a
    ///   `description` that is not one line of at most 200 characters.
    public init(json bytes: some Collection<UInt8>) throws(InvalidRequestBody) {
        var reader = BodyReader()
        guard let value = reader.parse(bytes) else { throw InvalidRequestBody(errors: reader.errors) }
        var url: String?
        var events: [String]?
        var description = ""
        if let members = reader.object(value, at: [], fields: Self.fields, what: "a JSON object") {
            if let member = members["url"] {
                url = reader.string(member, at: ["url"], limit: Self.maximumURLLength)
            } else {
                reader.missing("url", in: value, at: [], hint: #"give where to send the events, such as "https://crm.example.com/landfall""#)
            }
            if let member = members["events"] {
                events = reader.eventNames(member, at: ["events"])
            } else {
                reader.missing("events", in: value, at: [], hint: #"give the event types wanted, such as ["link.created"], or ["*"] for all"#)
            }
            if let member = members["description"] {
                description = reader.webhookDescription(member, at: ["description"]) ?? ""
            }
        }
        guard let url, let events, reader.errors.isEmpty else { throw InvalidRequestBody(errors: reader.errors) }
        self.init(url: url, events: events, description: description)
    }
}

extension BodyReader {
    /// An array of strings (event names, checked by the server).
    mutating func eventNames(_ value: JSONValue, at path: JSONPath) -> [String]? {
        guard let elements = value.arrayValue else {
            mismatch(value, at: path, expected: #"an array of event types, such as ["link.created"], or ["*"] for all"#)
            return nil
        }
        var names: [String] = []
        for (index, element) in elements.enumerated() {
            guard let name = string(element, at: path.appending(index), limit: 64) else { continue }
            names.append(name)
        }
        return names.count == elements.count ? names : nil
    }

    /// A webhook endpoint's description: one line of at most 200 characters, without
    /// surrounding spaces (`""` clears it).
    mutating func webhookDescription(_ value: JSONValue, at path: JSONPath) -> String? {
        if value.isNull {
            cannotBeNull(value, at: path, because: #"write "" for no description"#)
            return nil
        }
        guard let text = string(value, at: path, limit: WebhookEndpointDraft.maximumDescriptionLength, allowsEmpty: true) else { return nil }
        if let problem = WebhookEndpointDraft.descriptionProblem(text) {
            report(path, problem, at: value.location)
            return nil
        }
        return text.trimmingCharacters(in: .whitespaces)
    }
}
