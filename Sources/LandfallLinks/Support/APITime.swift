import AppSiteAssociation
import Foundation
import LandfallJSON
import LandfallWire

/// Times in the API: RFC 3339 in UTC with milliseconds (`2026-11-21T12:00:00.000Z`).
public enum APITime {
    /// `date` as the API writes it.
    public static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}

extension Campaign {
    /// The campaign fields as JSON, named as in the API: `{"source", "medium", "name", "term", "content"}`.
    public var json: JSONValue {
        .object([("source", .optional(source)), ("medium", .optional(medium)), ("name", .optional(name)),
                 ("term", .optional(term)), ("content", .optional(content))])
    }
}
