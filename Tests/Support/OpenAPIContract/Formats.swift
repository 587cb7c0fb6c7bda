import Foundation
import LandfallJSON

/// The `format`s the validator checks. A format it does not know passes, as JSON Schema says of
/// formats an implementation does not support.
enum Formats {
    /// The formats checked, and how a violation names each.
    static let known: [String: String] = [
        "date-time": "an RFC 3339 date-time (2026-12-24T18:00:00Z)",
        "date": "an RFC 3339 full-date (2026-12-24)",
        "uuid": "a UUID (019b4f2e-7a10-7c4e-9b1f-3f0d2a6b8c11)",
        "uri": "an absolute URI (RFC 3986)",
        "hostname": "a host name (RFC 1123)",
        "int32": "an integer that fits in 32 bits",
        "int64": "an integer that fits in 64 bits",
    ]

    /// What the format wants, when `value` does not have it; `nil` when it does, when the format
    /// is unknown, or when it does not apply to this kind of value (formats of strings say nothing
    /// about numbers, and the reverse).
    static func failure(of format: String, for value: JSONValue) -> String? {
        guard let wanted = known[format] else { return nil }
        switch (format, value.kind) {
        case ("int32", .number(let literal)), ("int64", .number(let literal)):
            guard NumberLiteral.isIntegral(literal), let number = Double(literal) else { return wanted }
            let limit = format == "int32" ? 2_147_483_648.0 : 9_223_372_036_854_775_808.0
            return number >= -limit && number < limit ? nil : wanted
        case (_, .string(let text)):
            let valid = switch format {
            case "date-time": isDateTime(text)
            case "date": isDate(text)
            case "uuid": text.wholeMatch(of: /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/) != nil
            case "uri": isURI(text)
            case "hostname": isHostname(text)
            default: true
            }
            return valid ? nil : wanted
        default:
            return nil
        }
    }

    /// RFC 3339 `full-date`, with a real day of the month (no `2026-02-30`).
    static func isDate(_ text: String) -> Bool {
        guard let match = text.wholeMatch(of: /([0-9]{4})-([0-9]{2})-([0-9]{2})/),
              let year = Int(match.1), let month = Int(match.2), let day = Int(match.3) else { return false }
        return isDay(year: year, month: month, day: day)
    }

    /// RFC 3339 `date-time`: a full date, `T`, a time with optional fractions of a second (a
    /// leap second `60` allowed), and `Z` or an offset.
    static func isDateTime(_ text: String) -> Bool {
        let pattern = /([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?([Zz]|[+-]([0-9]{2}):([0-9]{2}))/
        guard let match = text.wholeMatch(of: pattern), let year = Int(match.1), let month = Int(match.2), let day = Int(match.3),
              let hour = Int(match.4), let minute = Int(match.5), let second = Int(match.6) else { return false }
        guard isDay(year: year, month: month, day: day), hour < 24, minute < 60, second <= 60 else { return false }
        if let offsetHours = match.9, let offsetMinutes = match.10 {
            return (Int(offsetHours) ?? 24) < 24 && (Int(offsetMinutes) ?? 60) < 60
        }
        return true
    }

    private static func isDay(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    /// An absolute URI (RFC 3986 `URI`): a scheme, `:`, then only characters a URI may hold
    /// (unreserved, reserved, and `%` with two hex digits), at most one `#`. Spaces, non-ASCII
    /// text (an IRI) and a bare `%` are not URIs.
    static func isURI(_ text: String) -> Bool {
        guard text.prefixMatch(of: /[A-Za-z][A-Za-z0-9+.\-]*:/) != nil else { return false }
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=".unicodeScalars)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var fragments = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "%" {
                guard index + 2 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit,
                      scalars[index + 2].properties.isASCIIHexDigit else { return false }
                index += 3
                continue
            }
            guard allowed.contains(scalar) else { return false }
            if scalar == "#" { fragments += 1 }
            index += 1
        }
        return fragments <= 1
    }

    /// A host name (RFC 1123): dot-separated labels of 1 to 63 letters, digits and inner
    /// hyphens, 253 characters at most.
    static func isHostname(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 253 else { return false }
        let name = text.hasSuffix(".") ? String(text.dropLast()) : text
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
            $0.wholeMatch(of: /[A-Za-z0-9]([A-Za-z0-9\-]{0,61}[A-Za-z0-9])?/) != nil
        }
    }
}
