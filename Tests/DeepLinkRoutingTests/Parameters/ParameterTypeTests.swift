import DeepLinkRouting
import Foundation
import Testing

@Suite struct ParameterTypeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let behaviour: String
        let type: ParameterType
        let text: String
        /// The value's `String(describing:)`, or nil when the text must not convert.
        let converted: String?
        var testDescription: String { behaviour }
    }

    static let cases: [Case] = [
        Case(behaviour: "string accepts any text", type: .string, text: "héllo wörld", converted: "héllo wörld"),
        Case(behaviour: "int accepts a positive number", type: .int, text: "42", converted: "42"),
        Case(behaviour: "int accepts a negative number", type: .int, text: "-42", converted: "-42"),
        Case(behaviour: "int accepts a leading plus", type: .int, text: "+7", converted: "7"),
        Case(behaviour: "int accepts leading zeros", type: .int, text: "007", converted: "7"),
        Case(behaviour: "int rejects a decimal", type: .int, text: "4.2", converted: nil),
        Case(behaviour: "int rejects a space", type: .int, text: " 4", converted: nil),
        Case(behaviour: "int rejects an overflowing number", type: .int, text: "9223372036854775808", converted: nil),
        Case(behaviour: "double accepts a decimal", type: .double, text: "2.5", converted: "2.5"),
        Case(behaviour: "double accepts an exponent", type: .double, text: "1e3", converted: "1000.0"),
        Case(behaviour: "double rejects infinity", type: .double, text: "infinity", converted: nil),
        Case(behaviour: "double rejects words", type: .double, text: "two", converted: nil),
        Case(behaviour: "bool reads true", type: .bool, text: "true", converted: "true"),
        Case(behaviour: "bool reads False in any case", type: .bool, text: "False", converted: "false"),
        Case(behaviour: "bool reads yes", type: .bool, text: "yes", converted: "true"),
        Case(behaviour: "bool reads 0", type: .bool, text: "0", converted: "false"),
        Case(behaviour: "bool rejects 2", type: .bool, text: "2", converted: nil),
        Case(behaviour: "uuid reads lower case", type: .uuid, text: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", converted: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        Case(behaviour: "uuid rejects a uuid without dashes", type: .uuid, text: "e621e1f8c36c495a93fc0c247a3e6e5f", converted: nil),
        Case(behaviour: "day reads a date", type: .day, text: "2025-10-25", converted: "2025-10-25"),
        Case(behaviour: "day rejects month 13", type: .day, text: "2025-13-01", converted: nil),
        Case(behaviour: "day rejects April 31", type: .day, text: "2025-04-31", converted: nil),
        Case(behaviour: "day accepts February 29 in 2000", type: .day, text: "2000-02-29", converted: "2000-02-29"),
        Case(behaviour: "day rejects February 29 in 1900", type: .day, text: "1900-02-29", converted: nil),
        Case(behaviour: "day rejects year zero", type: .day, text: "0000-01-01", converted: nil),
        Case(behaviour: "day rejects a time after the date", type: .day, text: "2025-10-25T10:00", converted: nil),
        Case(behaviour: "day rejects slashes", type: .day, text: "2025/10/25", converted: nil),
        Case(behaviour: "a lossless type reads with init", type: .lossless(UInt8.self, name: "byte"), text: "255", converted: "255"),
        Case(behaviour: "a lossless type rejects what init rejects", type: .lossless(UInt8.self, name: "byte"), text: "256", converted: nil),
        Case(behaviour: "a custom parse function decides", type: ParameterType(name: "even", parse: { Int($0).flatMap { $0 % 2 == 0 ? $0 : nil } }, format: { String($0) }), text: "4", converted: "4"),
        Case(behaviour: "a custom parse function may refuse", type: ParameterType(name: "even", parse: { Int($0).flatMap { $0 % 2 == 0 ? $0 : nil } }, format: { String($0) }), text: "3", converted: nil),
    ]

    @Test(arguments: cases)
    func convertsTextToItsValue(_ testCase: Case) {
        let value = testCase.type.parse(testCase.text)
        #expect(value.map { String(describing: $0) } == testCase.converted)
    }

    @Test func formattingWritesTheCanonicalText() throws {
        #expect(ParameterType.day.format(try #require(CalendarDay("2025-01-02"))) == "2025-01-02")
        #expect(ParameterType.uuid.format(try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))) == "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
        #expect(ParameterType.bool.format(true) == "true")
        #expect(ParameterType.int.format("12") == "12", "a string that converts is kept")
        #expect(ParameterType.int.format("twelve") == nil, "a string that does not convert is refused")
        #expect(ParameterType.double.format(3) == "3", "an Int written for a double converts")
        #expect(ParameterType.builtIn.map(\.name) == ["string", "int", "double", "bool", "uuid", "day"])
    }

    @Test func aCalendarDayIsOrderedCodableAndMadeFromADate() throws {
        let early = try #require(CalendarDay("2024-12-31"))
        let late = try #require(CalendarDay("2025-01-01"))
        #expect(early < late)
        let data = try JSONEncoder().encode([early])
        #expect(String(decoding: data, as: UTF8.self) == #"["2024-12-31"]"#)
        #expect(try JSONDecoder().decode([CalendarDay].self, from: data) == [early])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CalendarDay].self, from: Data(#"["2024-13-01"]"#.utf8)) }
        let instant = Date(timeIntervalSince1970: 1_761_350_400)  // 2025-10-25T00:00:00Z
        #expect(CalendarDay(instant, in: try #require(TimeZone(identifier: "UTC"))).description == "2025-10-25")
        #expect(CalendarDay(instant, in: try #require(TimeZone(identifier: "America/New_York"))).description == "2025-10-24")
        #expect(CalendarDay(year: 5, month: 3, day: 9)?.description == "0005-03-09")
    }
}
