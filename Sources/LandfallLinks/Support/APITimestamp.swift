import AppSiteAssociation
import Foundation

/// Times as the HTTP API writes them: RFC 3339 in UTC with milliseconds
/// (`2026-11-21T12:00:00.000Z`), the same text as the links API's `createdAt`.
enum APITimestamp {
    /// `date` as `yyyy-MM-ddTHH:mm:ss.SSSZ`.
    static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}

extension JSONValue {
    /// A string, or `null`.
    static func optionalString(_ text: String?) -> JSONValue { text.map { JSONValue.string($0) } ?? .null }

    /// An integer number.
    static func number(_ value: Int) -> JSONValue { JSONValue(.number(String(value))) }

    /// A time as ``APITimestamp`` writes it, or `null`.
    static func time(_ date: Date?) -> JSONValue { date.map { .string(APITimestamp.string($0)) } ?? .null }
}
