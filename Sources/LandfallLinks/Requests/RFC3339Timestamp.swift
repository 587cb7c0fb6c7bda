import Foundation

/// Reads and writes RFC 3339 timestamps (the ISO 8601 profile with a time zone) without a
/// formatter: `2026-12-31T23:59:59Z`, `2026-12-31T23:59:59.250+01:00`.
enum RFC3339Timestamp {
    /// The moment `text` names, or `nil` when it is not `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`
    /// with a real calendar date (`T` and `Z` may be lowercase; a leap second `:60` is refused).
    static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        var position = 0
        func number(_ digits: Int) -> Int? {
            guard position + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + digits] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            position += digits
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard position < bytes.count, characters.utf8.contains(bytes[position]) else { return false }
            position += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2), expect("Tt"),
              let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var fraction = 0.0
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            var scale = 1.0
            var digits = 0
            var value = 0.0
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                if digits < 9 {
                    value = value * 10 + Double(bytes[position] - UInt8(ascii: "0"))
                    scale *= 10
                }
                digits += 1
                position += 1
            }
            guard digits > 0 else { return nil }
            fraction = value / scale
        }
        var offset = 0
        if expect("Zz") {
            offset = 0
        } else if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
            let sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
            position += 1
            guard let hours = number(2), expect(":"), let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard position == bytes.count else { return nil }
        let seconds = daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `date` in UTC, `YYYY-MM-DDTHH:MM:SSZ`, with up to six fractional digits when it has a fraction
    /// of a second; ``date(from:)`` reads it back to the same `Date` for any date it returned.
    static func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var whole = Int(interval.rounded(.down))
        var micros = Int(((interval - Double(whole)) * 1_000_000).rounded())
        if micros == 1_000_000 {
            whole += 1
            micros = 0
        }
        let days = Int((Double(whole) / 86_400).rounded(.down))
        let secondsOfDay = whole - days * 86_400
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = UTCDay.text(daysSince1970: days) + "T"
            + "\(padded(secondsOfDay / 3600, 2)):\(padded(secondsOfDay / 60 % 60, 2)):\(padded(secondsOfDay % 60, 2))"
        if micros > 0 {
            var fraction = padded(micros, 6)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += ".\(fraction)"
        }
        return text + "Z"
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
