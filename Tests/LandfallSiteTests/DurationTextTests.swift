import Foundation
import LandfallSite
import PropertyBased
import Testing

/// Durations as `landfall.yml` and the command line write them: `90s`, `30m`, `1h`, `7d`, or
/// a bare number of seconds.
@Suite struct DurationTextTests {
    static let readable: [(text: String, seconds: TimeInterval)] = [
        ("90s", 90), ("30m", 1_800), ("1h", 3_600), ("7d", 604_800), ("3600", 3_600), ("0", 0),
        ("24h", 86_400), ("30d", 2_592_000), (" 1h ", 3_600), ("1 h", 3_600), ("007m", 420),
    ]

    @Test(arguments: readable)
    func aNumberAndAUnitAreRead(text: String, seconds: TimeInterval) throws {
        #expect(try DurationText(parsing: text).seconds == seconds)
    }

    static let unreadable: [(text: String, message: String)] = [
        ("", "a duration is empty; write a whole number and a unit, such as 90s, 30m, 1h or 7d"),
        ("   ", "a duration is empty"),
        ("h", "'h' is not a duration; write a whole number and a unit"),
        ("1.5h", "'1.5h' is not a duration; write a whole number and a unit"),
        ("-1h", "'-1h' is not a duration"),
        ("1,5h", "'1,5h' is not a duration"),
        ("1 hour", "'hour' in '1 hour' is not a unit; write 1h"),
        ("2 days", "'days' in '2 days' is not a unit; write 2d"),
        ("10min", "'min' in '10min' is not a unit; write 10m"),
        ("7D", "'D' in '7D' is not a unit; write 7d"),
        ("2w", "'w' in '2w' is not a unit; write 2w as 14d"),
        ("1y", "'y' in '1y' is not a unit; write s (seconds), m (minutes), h (hours) or d (days) after the number"),
        ("1h30m", "'h30m' in '1h30m' is not a unit"),
        ("1234567890d", "'1234567890d' is too long a duration"),
    ]

    @Test(arguments: unreadable)
    func aTextThatIsNotADurationSaysWhatToWrite(text: String, message: String) {
        #expect {
            try DurationText(parsing: text)
        } throws: { error in
            guard let error = error as? DurationTextError else { return false }
            return error.message.hasPrefix(message) && error.description == error.message
        }
    }

    static let written: [(seconds: TimeInterval, text: String)] = [
        (0, "0s"), (45, "45s"), (60, "1m"), (90, "90s"), (5_400, "90m"), (3_600, "1h"), (86_400, "1d"),
        (90_000, "25h"), (604_800, "7d"), (2_592_000, "30d"), (1.5, "1.5s"),
    ]

    @Test(arguments: written)
    func aDurationIsWrittenWithTheLargestUnitThatDividesIt(seconds: TimeInterval, text: String) {
        #expect(DurationText(seconds: seconds).description == text)
    }

    @Test func everyWrittenDurationReadsBackAsItself() async {
        await propertyCheck(count: 500, input: Gen<Int>.int(in: 0...100_000_000)) { seconds throws in
            let written = DurationText(seconds: TimeInterval(seconds)).description
            #expect(try DurationText(parsing: written).seconds == TimeInterval(seconds), "\(written)")
        }
    }
}
