import Foundation
import LandfallJSON
import LandfallLinks

/// One thing that happened, as a webhook delivers it: the same event (and the same
/// ``id``) to every endpoint that wants it, on every attempt.
///
/// Its ``body`` is the JSON each delivery carries:
///
/// ```json
/// {"id": "evt_019ac1e2a3b47c5d8e9f0a1b2c3d4e5f", "type": "link.created",
///  "timestamp": "2026-11-26T18:00:00.000Z", "data": {"link": {...}}}
/// ```
///
/// The `data` of each type is made by the builders in `WebhookEvent+Data.swift` and
/// documented as the `WebhookEvent` schemas of `openapi/landfall.yaml`.
public struct WebhookEvent: Sendable, Equatable {
    /// `evt_` and 32 lowercase hexadecimal digits, the first 12 of them the time in
    /// milliseconds (so that ids sort by time): the `webhook-id` of every delivery of it.
    public let id: String
    /// What happened.
    public let type: WebhookEventType
    /// When it happened.
    public let timestamp: Date
    /// What the type says about it.
    public let data: JSONValue

    /// An event with a known id (one read back from the database).
    public init(id: String, type: WebhookEventType, timestamp: Date, data: JSONValue) {
        self.id = id
        self.type = type
        self.timestamp = timestamp
        self.data = data
    }

    /// A new event of `type` at `date`, with a new id.
    public init(_ type: WebhookEventType, at date: Date, data: JSONValue) {
        var generator = SystemRandomNumberGenerator()
        self.init(id: Self.newID(at: date, using: &generator), type: type, timestamp: date, data: data)
    }

    /// A new event id for `date`: `evt_` and a version 7 UUID's 32 hexadecimal digits.
    public static func newID<Generator: RandomNumberGenerator>(at date: Date, using generator: inout Generator) -> String {
        "evt_" + LinkID.generate(at: date, using: &generator).rawValue.replacingOccurrences(of: "-", with: "")
    }

    /// The JSON every delivery of the event sends: `id`, `type`, `timestamp` (UTC, milliseconds) and `data`.
    public var json: JSONValue {
        .object([
            ("id", .string(id)),
            ("type", .string(type.rawValue)),
            ("timestamp", .string(APITime.string(timestamp))),
            ("data", data),
        ])
    }

    /// ``json`` as compact UTF-8 text: the bytes that are signed and sent.
    public var body: String { JSONWriter.compact.string(for: json) }
}
