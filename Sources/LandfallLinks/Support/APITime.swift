import AppSiteAssociation
import Foundation
import LandfallJSON
import LandfallWire

/// Times in the API: RFC 3339 in UTC with milliseconds (`2026-11-21T12:00:00.000Z`).
public enum APITime {
    /// `date` as the API writes it, to the nearest millisecond (the one the storage keeps).
    ///
    /// The milliseconds are written from the whole number, not by the date formatter: it cuts
    /// a fraction such as 0.010 s, which a `Double` holds as 0.00999…, to `.009`.
    public static func string(_ date: Date) -> String {
        var (seconds, milliseconds) = Int64((date.timeIntervalSince1970 * 1000).rounded()).quotientAndRemainder(dividingBy: 1000)
        if milliseconds < 0 {
            seconds -= 1
            milliseconds += 1000
        }
        let whole = Date(timeIntervalSince1970: Double(seconds)).formatted(Date.ISO8601FormatStyle())
        return whole.dropLast() + "." + String(String(milliseconds + 1000).dropFirst()) + "Z"
    }
}

extension Campaign {
    /// The campaign fields as JSON, named as in the API: `{"source", "medium", "name", "term", "content"}`.
    public var json: JSONValue {
        .object([("source", .optional(source)), ("medium", .optional(medium)), ("name", .optional(name)),
                 ("term", .optional(term)), ("content", .optional(content))])
    }
}
