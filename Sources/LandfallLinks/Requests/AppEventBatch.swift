import AppSiteAssociation
import Foundation
import LandfallJSON

/// The body of `POST /v1/events`: 1 to ``EventLimits/batchCount`` events an app reports
/// (``EventType/isReportedByApps``: `open` and `first_open`).
///
/// ```json
/// {"events": [
///   {"id": "0193b6b2-8f6e-7c3a-9d41-5a2e6f1c7b80", "type": "first_open", "at": "2026-11-21T12:00:03Z", "platform": "ios",
///    "url": "https://daily.example.com/puzzle/2026-11-21", "linkID": "019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11"}
/// ]}
/// ```
///
/// Reading checks each event's shape; whether its time is plausible needs the server's clock,
/// so it is a second step: ``outsideWindow(now:)`` or ``events(now:)``.
///
/// ```swift
/// let batch = try AppEventBatch(json: body)
/// let events = try batch.events(now: now)   // or the times that are out of range, as body errors
/// ```
public struct AppEventBatch: Sendable, Hashable {
    /// The events, in order, their ids in lowercase. The server fills in ``AppEvent/campaign``
    /// from the link.
    public var events: [AppEvent]

    /// Creates a batch.
    public init(events: [AppEvent]) {
        self.events = events
    }

    static let fields = ["id", "type", "at", "platform", "url", "linkID"]
    /// The types apps report, in the order messages name them.
    static let appTypes = EventType.allCases.filter(\.isReportedByApps)

    /// Reads the JSON body of `POST /v1/events`.
    ///
    /// - Throws: ``InvalidRequestBody`` with every problem in document order, each named by its
    ///   path (`events[3].type`): a missing or empty `events`, more than
    ///   ``EventLimits/batchCount`` events (then the events are not read), and in each event a
    ///   missing or malformed `id` (a UUID), `type` (an unknown type, with the closest one, or
    ///   a type only the server records), `at` (RFC 3339) or `platform` (`ios` or `android`),
    ///   a `url` that is not an absolute http(s) URL of at most ``EventLimits/urlLength``
    ///   characters, a `linkID` that is not a UUID, `null` for any field, and unknown or
    ///   repeated fields.
    public init(json bytes: some Collection<UInt8>) throws(InvalidRequestBody) {
        events = try BodyReader.decode(bytes) { value, reader in Self.read(value, into: &reader) }
    }

    /// The problems of event times the server cannot accept at `now`, in event order: more than
    /// ``EventLimits/futureTolerance`` ahead of `now` (a device clock set wrong), or more than
    /// ``EventLimits/maximumAge`` behind it. Empty when every time is acceptable.
    public func outsideWindow(now: Date) -> [RequestBodyError] {
        events.enumerated().compactMap { index, event in
            let field = BodyReader.field(["events", .index(index), "at"])
            let at = RFC3339Timestamp.string(from: event.occurredAt)
            let serverTime = RFC3339Timestamp.string(from: now)
            if event.occurredAt.timeIntervalSince(now) > EventLimits.futureTolerance {
                return RequestBodyError(field: field, message: "\(at) is more than 5 minutes after the server's time (\(serverTime)); check the device's clock")
            }
            if now.timeIntervalSince(event.occurredAt) > EventLimits.maximumAge {
                return RequestBodyError(field: field, message: "\(at) is more than 30 days before the server's time (\(serverTime)); events that old are not accepted, drop them")
            }
            return nil
        }
    }

    /// The events, when all their times are acceptable at `now`.
    ///
    /// - Throws: ``InvalidRequestBody`` with ``outsideWindow(now:)``'s problems.
    public func events(now: Date) throws(InvalidRequestBody) -> [AppEvent] {
        let problems = outsideWindow(now: now)
        guard problems.isEmpty else { throw InvalidRequestBody(errors: problems) }
        return events
    }

    /// The batch as a body that ``init(json:)`` reads back to the same batch (campaigns and
    /// details, which apps do not send, are left out).
    public var jsonValue: JSONValue {
        .object([("events", .array(events.map { event in
            var members: [(String, JSONValue)] = [
                ("id", .string(event.id)), ("type", .string(event.type.rawValue)),
                ("at", .string(RFC3339Timestamp.string(from: event.occurredAt))), ("platform", .string(event.platform.rawValue)),
            ]
            if let url = event.url { members.append(("url", .string(url))) }
            if let linkID = event.linkID { members.append(("linkID", .string(linkID.rawValue))) }
            return .object(members)
        }))])
    }

    // MARK: reading

    private static func read(_ value: JSONValue, into reader: inout BodyReader) -> [AppEvent]? {
        guard let members = reader.object(value, at: [], fields: ["events"], what: "a JSON object") else { return nil }
        guard let list = members["events"] else {
            reader.missing("events", in: value, at: [], hint: #"send the events as {"events": [{"id": "…", "type": "open", "at": "…", "platform": "ios"}]}"#)
            return nil
        }
        guard let elements = list.arrayValue else {
            reader.mismatch(list, at: ["events"], expected: "an array of events")
            return nil
        }
        guard !elements.isEmpty else {
            reader.report(["events"], "is empty; send at least one event", at: list.location)
            return nil
        }
        guard elements.count <= EventLimits.batchCount else {
            reader.report(["events"], "holds \(elements.count) events; at most \(EventLimits.batchCount) can be sent in one request, send the rest in another",
                          at: list.location)
            return nil
        }
        var events: [AppEvent] = []
        for (index, element) in elements.enumerated() {
            if let event = readEvent(element, at: ["events", .index(index)], into: &reader) { events.append(event) }
        }
        return events.count == elements.count ? events : nil
    }

    private static func readEvent(_ value: JSONValue, at path: JSONPath, into reader: inout BodyReader) -> AppEvent? {
        guard let all = reader.object(value, at: path, fields: fields) else { return nil }
        func required(_ name: String, _ hint: String) -> JSONValue? {
            guard let member = all[name] else {
                reader.missing(name, in: value, at: path, hint: hint)
                return nil
            }
            if member.isNull {
                reader.cannotBeNull(member, at: path.appending(name), because: hint)
                return nil
            }
            return member
        }
        let id = required("id", "give the event a UUID the app makes once, so that a retry counts once")
            .flatMap { reader.uuid($0, at: path.appending("id"), what: "an event id") }
        let type = required("type", "give what happened: open or first_open").flatMap { readType($0, at: path.appending("type"), into: &reader) }
        let at = required("at", "give when it happened, such as 2026-11-21T12:00:00Z").flatMap { reader.date($0, at: path.appending("at")) }
        let platform = required("platform", #"give the app's platform, "ios" or "android""#)
            .flatMap { reader.appPlatform($0, at: path.appending("platform")) }

        let members = reader.optionalMembers(all, at: path, absent: [
            "url": "an event without the link's URL", "linkID": "an event that counts in no link's statistics",
        ])
        var url: String?
        if let value = members["url"], let text = reader.string(value, at: path.appending("url"), limit: EventLimits.urlLength) {
            if AbsoluteHTTPURL.isValid(text) {
                url = text
            } else {
                reader.report(path.appending("url"), "'\(BodyReader.shortened(text))' is not an absolute http or https URL, such as https://daily.example.com/puzzle/2026-11-21",
                              at: value.location)
            }
        }
        let linkID = members["linkID"].flatMap { reader.uuid($0, at: path.appending("linkID"), what: "a link id") }.flatMap(LinkID.init)
        guard let id, let type, let at, let platform,
              members["url"] == nil || url != nil, members["linkID"] == nil || linkID != nil
        else { return nil }
        return AppEvent(id: id, type: type, occurredAt: at, platform: platform, linkID: linkID, url: url)
    }

    private static func readType(_ value: JSONValue, at path: JSONPath, into reader: inout BodyReader) -> EventType? {
        guard let text = reader.string(value, at: path) else { return nil }
        let appTypes = Self.appTypes.map(\.rawValue).joined(separator: " and ")
        if let type = EventType(rawValue: text) {
            if type.isReportedByApps { return type }
            reader.report(path, "'\(text)' events are recorded by the server itself; apps report \(appTypes)", at: value.location)
            return nil
        }
        let suggestion = Self.closestAppType(to: text).map { "did you mean '\($0.rawValue)'? Apps" } ?? "apps"
        reader.report(path, "'\(BodyReader.shortened(text))' is not an event type; \(suggestion) report \(appTypes)", at: value.location)
        return nil
    }

    /// The app type `text` is most likely a typo of: at most two edits away (ignoring case),
    /// or three for longer words.
    static func closestAppType(to text: String) -> EventType? {
        let typed = Array(text.lowercased().unicodeScalars)
        guard typed.count <= 40 else { return nil }
        let limit = max(2, min(3, typed.count / 3))
        let scored = appTypes.map { ($0, EditDistance.between(typed, Array($0.rawValue.unicodeScalars))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
        return best.0
    }
}
