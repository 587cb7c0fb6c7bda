import Foundation

/// A length of time as people write it in `landfall.yml` and on the command line: a whole
/// number and a unit, `90s`, `30m`, `1h`, `7d`, or a bare number of seconds (`3600`).
///
/// ```swift
/// try DurationText(parsing: "7d").seconds   // 604800
/// try DurationText(parsing: "3600").seconds // 3600
/// DurationText(seconds: 5_400).description  // "90m"
/// try DurationText(parsing: "1 week")       // throws: 'week' is not a unit; ...
/// ```
public struct DurationText: Sendable, Hashable, CustomStringConvertible {
    /// The length in seconds.
    public let seconds: TimeInterval

    /// The units, largest first: `d` (days), `h` (hours), `m` (minutes), `s` (seconds).
    public static let units: [(symbol: String, seconds: TimeInterval)] = [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]

    /// A duration of `seconds`.
    public init(seconds: TimeInterval) {
        self.seconds = seconds
    }

    /// Reads `text`: digits then one of the ``units`` (spaces around and between them are
    /// ignored), or digits alone for seconds.
    ///
    /// - Throws: ``DurationTextError`` saying what to write instead, for an empty text, a
    ///   number that is not whole or is negative, or an unknown unit.
    public init(parsing text: String) throws(DurationTextError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let example = "write a whole number and a unit, such as 90s, 30m, 1h or 7d"
        guard !trimmed.isEmpty else {
            throw DurationTextError(message: "a duration is empty; \(example)")
        }
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, !unit.hasPrefix("."), !unit.hasPrefix(",") else {
            throw DurationTextError(message: "'\(text)' is not a duration; \(example)")
        }
        guard digits.count <= 9, let number = Int(digits) else {
            throw DurationTextError(message: "'\(text)' is too long a duration; \(example)")
        }
        if unit.isEmpty {
            self.seconds = TimeInterval(number)
            return
        }
        guard let match = Self.units.first(where: { $0.symbol == unit }) else {
            let hint: String
            if let symbol = Self.spelledUnits[unit.lowercased()] ?? Self.units.first(where: { $0.symbol == unit.lowercased() })?.symbol {
                hint = "; write \(number)\(symbol)"
            } else if ["w", "week", "weeks"].contains(unit.lowercased()) {
                hint = "; write \(number)w as \(number * 7)d"
            } else {
                hint = "; write s (seconds), m (minutes), h (hours) or d (days) after the number"
            }
            throw DurationTextError(message: "'\(unit)' in '\(text)' is not a unit\(hint)")
        }
        self.seconds = TimeInterval(number) * match.seconds
    }

    /// The shortest way to write it: the largest unit that divides it (`7d`, `1h`, `90m`,
    /// `45s`); seconds with a fraction when it is not whole.
    public var description: String {
        guard seconds > 0, seconds.rounded() == seconds, seconds < 1e15 else {
            return seconds == 0 ? "0s" : "\(seconds)s"
        }
        let whole = Int(seconds)
        for unit in Self.units where whole % Int(unit.seconds) == 0 {
            return "\(whole / Int(unit.seconds))\(unit.symbol)"
        }
        return "\(whole)s"
    }

    /// Unit words people write, and the symbol meant.
    private static let spelledUnits: [String: String] = [
        "sec": "s", "secs": "s", "second": "s", "seconds": "s",
        "min": "m", "mins": "m", "minute": "m", "minutes": "m",
        "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
        "day": "d", "days": "d",
    ]
}
