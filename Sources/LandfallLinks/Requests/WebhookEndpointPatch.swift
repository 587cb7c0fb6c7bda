import Foundation
import LandfallJSON

/// The body of `PATCH /v1/webhooks/{id}`: what to change of an endpoint, such as
/// `{"enabled": false}` or `{"events": ["link.clicked"], "description": "analytics"}`. Fields left
/// out keep their value.
///
/// As with ``WebhookEndpointDraft``, the server checks `url` and `events` further.
///
/// ```swift
/// let patch = try WebhookEndpointPatch(json: Array(#"{"enabled": false}"#.utf8))
/// patch.enabled  // false
/// patch.url      // nil
/// ```
public struct WebhookEndpointPatch: Sendable, Hashable {
    /// The new destination, or `nil` to keep it.
    public var url: String?
    /// The new event types (or `["*"]`), or `nil` to keep them.
    public var events: [String]?
    /// The new description (`""` clears it), or `nil` to keep it.
    public var description: String?
    /// `false` disables the endpoint, `true` enables it again, `nil` keeps it as it is.
    public var enabled: Bool?

    /// Creates a change.
    public init(url: String? = nil, events: [String]? = nil, description: String? = nil, enabled: Bool? = nil) {
        self.url = url
        self.events = events
        self.description = description
        self.enabled = enabled
    }

    static let fields = ["url", "events", "description", "enabled"]

    /// Reads the JSON body of `PATCH /v1/webhooks/{id}`.
    ///
    /// - Throws: ``InvalidRequestBody`` with every problem in document order: not JSON, not an
    ///   object, an empty object (it changes nothing), unknown or repeated fields, `null` for
    ///   any field, and the values ``WebhookEndpointDraft/init(json:)`` refuses; `enabled` must
    ///   be `true` or `false`.
    public init(json bytes: some Collection<UInt8>) throws(InvalidRequestBody) {
        var reader = BodyReader()
        guard let value = reader.parse(bytes) else { throw InvalidRequestBody(errors: reader.errors) }
        var patch = WebhookEndpointPatch()
        if let members = reader.object(value, at: [], fields: Self.fields, what: "a JSON object") {
            if let member = members["url"] {
                if member.isNull {
                    reader.cannotBeNull(member, at: ["url"], because: "an endpoint always has a URL")
                } else {
                    patch.url = reader.string(member, at: ["url"], limit: WebhookEndpointDraft.maximumURLLength)
                }
            }
            if let member = members["events"] {
                if member.isNull {
                    reader.cannotBeNull(member, at: ["events"], because: #"give event types, or ["*"] for all"#)
                } else {
                    patch.events = reader.eventNames(member, at: ["events"])
                }
            }
            if let member = members["description"] {
                patch.description = reader.webhookDescription(member, at: ["description"])
            }
            if let member = members["enabled"] {
                if member.isNull {
                    reader.cannotBeNull(member, at: ["enabled"], because: "write true or false")
                } else {
                    patch.enabled = reader.bool(member, at: ["enabled"])
                }
            }
            if reader.errors.isEmpty, value.objectMembers?.isEmpty == true {
                reader.report([], #"changes nothing; name a field to change, such as {"enabled": false}"#, at: value.location)
            }
        }
        guard reader.errors.isEmpty else { throw InvalidRequestBody(errors: reader.errors) }
        self = patch
    }
}
