import AppSiteAssociation
import DeepLinkRouting
import Foundation
import LandfallJSON
import LandfallSite
import Testing

/// Embargoes are decided by an injected `now`: the tests move it across local midnight in
/// time zones far from UTC, across a daylight-saving change, and read every `publishAt` form.
@Suite struct EmbargoTests {
    /// A day, the instant (in UTC) its midnight falls on in a zone, and the zone.
    struct Midnight: Sendable, CustomTestStringConvertible {
        var zone: String
        var day: String
        var utc: String
        var testDescription: String { "\(day) in \(zone) starts at \(utc)" }
    }

    static let midnights = [
        Midnight(zone: "America/New_York", day: "2025-10-25", utc: "2025-10-25T04:00:00Z"),   // EDT, UTC-4
        Midnight(zone: "America/New_York", day: "2025-11-03", utc: "2025-11-03T05:00:00Z"),   // EST, UTC-5
        Midnight(zone: "Pacific/Kiritimati", day: "2025-10-25", utc: "2025-10-24T10:00:00Z"), // UTC+14
        Midnight(zone: "Pacific/Pago_Pago", day: "2025-10-25", utc: "2025-10-25T11:00:00Z"),  // UTC-11
        Midnight(zone: "Asia/Kolkata", day: "2025-10-25", utc: "2025-10-24T18:30:00Z"),       // UTC+5:30
        Midnight(zone: "Europe/London", day: "2025-03-30", utc: "2025-03-30T00:00:00Z"),      // GMT; clocks go forward at 01:00
        Midnight(zone: "Europe/London", day: "2025-03-31", utc: "2025-03-30T23:00:00Z"),      // BST, UTC+1
        Midnight(zone: "Europe/London", day: "2025-10-26", utc: "2025-10-25T23:00:00Z"),      // BST; clocks go back at 02:00
        Midnight(zone: "Europe/London", day: "2025-10-27", utc: "2025-10-27T00:00:00Z"),      // GMT
        Midnight(zone: "UTC", day: "2024-02-29", utc: "2024-02-29T00:00:00Z"),
    ]

    static let dayEmbargo = Embargo(.dayParameter("date"))

    @Test(arguments: midnights)
    func aDayIsEmbargoedUntilItsLocalMidnight(_ midnight: Midnight) throws {
        let zone = try zone(midnight.zone)
        let start = try instant(midnight.utc)
        let parameters = ["date": midnight.day]
        #expect(Self.dayEmbargo.isEmbargoed(parameters: parameters, content: nil, now: start.addingTimeInterval(-1), siteTimeZone: zone))
        #expect(!Self.dayEmbargo.isEmbargoed(parameters: parameters, content: nil, now: start, siteTimeZone: zone))
        #expect(!Self.dayEmbargo.isEmbargoed(parameters: parameters, content: nil, now: start.addingTimeInterval(1), siteTimeZone: zone))
        #expect(Self.dayEmbargo.releaseMoment(parameters: parameters, content: nil, siteTimeZone: zone) == start)
    }

    @Test(arguments: midnights)
    func startOfDayIsLocalMidnight(_ midnight: Midnight) throws {
        let day = try #require(CalendarDay(midnight.day))
        #expect(Embargo.startOfDay(day, in: try zone(midnight.zone)) == (try instant(midnight.utc)))
    }

    @Test func theEmbargosOwnTimeZoneOverridesTheSites() throws {
        let embargo = Embargo(.dayParameter("date"), timeZone: try zone("Pacific/Kiritimati"))
        let utc = try zone("UTC")
        let kiritimatiMidnight = try instant("2025-10-24T10:00:00Z")
        let parameters = ["date": "2025-10-25"]
        #expect(embargo.isEmbargoed(parameters: parameters, content: nil, now: kiritimatiMidnight.addingTimeInterval(-1), siteTimeZone: utc))
        #expect(!embargo.isEmbargoed(parameters: parameters, content: nil, now: kiritimatiMidnight, siteTimeZone: utc))
        #expect(Self.dayEmbargo.isEmbargoed(parameters: parameters, content: nil, now: kiritimatiMidnight, siteTimeZone: utc))
    }

    @Test func aFutureDayIsEmbargoedWhetherOrNotContentExists() throws {
        let zone = try zone("America/New_York")
        let now = try instant("2025-10-25T12:00:00Z")
        let parameters = ["date": "2025-10-26"]
        let content = JSONValue.object([("title", .string("A puzzle"))])
        #expect(Self.dayEmbargo.isEmbargoed(parameters: parameters, content: nil, now: now, siteTimeZone: zone))
        #expect(Self.dayEmbargo.isEmbargoed(parameters: parameters, content: content, now: now, siteTimeZone: zone))
        #expect(!Self.dayEmbargo.isEmbargoed(parameters: ["date": "2025-10-25"], content: nil, now: now, siteTimeZone: zone))
    }

    @Test(arguments: ["2025-02-30", "today", ""])
    func aDayParameterThatIsNotADayIsEmbargoed(_ text: String) throws {
        #expect(Self.dayEmbargo.isEmbargoed(parameters: ["date": text], content: nil, now: .distantFuture, siteTimeZone: try zone("UTC")))
    }

    @Test func aMissingDayParameterIsEmbargoed() throws {
        #expect(Self.dayEmbargo.isEmbargoed(parameters: [:], content: nil, now: .distantFuture, siteTimeZone: try zone("UTC")))
    }

    // MARK: content fields

    /// A `publishAt` value and the instant it means in New York.
    struct PublishAt: Sendable, CustomTestStringConvertible {
        var text: String
        var utc: String
        var testDescription: String { "\(text) is \(utc)" }
    }

    static let publishAtForms = [
        PublishAt(text: "2025-10-25", utc: "2025-10-25T04:00:00Z"),
        PublishAt(text: "2025-10-25T09:00", utc: "2025-10-25T13:00:00Z"),
        PublishAt(text: "2025-10-25 09:00", utc: "2025-10-25T13:00:00Z"),
        PublishAt(text: "2025-10-25T09:00:00", utc: "2025-10-25T13:00:00Z"),
        PublishAt(text: "2025-10-25T09:00:00Z", utc: "2025-10-25T09:00:00Z"),
        PublishAt(text: "2025-10-25T09:00:00-05:00", utc: "2025-10-25T14:00:00Z"),
        PublishAt(text: "2025-10-25T09:00:00+05:30", utc: "2025-10-25T03:30:00Z"),
        PublishAt(text: "2025-10-25T09:00:00+0530", utc: "2025-10-25T03:30:00Z"),
        PublishAt(text: "2025-10-25T09:00-05:00", utc: "2025-10-25T14:00:00Z"),
        PublishAt(text: "2025-10-25T09:00:00.250Z", utc: "2025-10-25T09:00:00.250Z"),
        PublishAt(text: "2025-10-25T09:00:00.5", utc: "2025-10-25T13:00:00.500Z"),
        PublishAt(text: "2025-10-25T09:00:00.75-05:00", utc: "2025-10-25T14:00:00.750Z"),
    ]

    static let fieldEmbargo = Embargo(.contentField("publishAt"))

    @Test(arguments: publishAtForms)
    func publishAtIsReadInEveryForm(_ form: PublishAt) throws {
        let zone = try zone("America/New_York")
        let release = try instant(form.utc)
        let content = JSONValue.object([("publishAt", .string(form.text))])
        let moment = try #require(Self.fieldEmbargo.releaseMoment(parameters: [:], content: content, siteTimeZone: zone))
        #expect(abs(moment.timeIntervalSince(release)) < 0.001)
        #expect(Self.fieldEmbargo.isEmbargoed(parameters: [:], content: content, now: release.addingTimeInterval(-1), siteTimeZone: zone))
        #expect(!Self.fieldEmbargo.isEmbargoed(parameters: [:], content: content, now: release.addingTimeInterval(0.001), siteTimeZone: zone))
    }

    /// Values a `publishAt` field may hold that are not a moment: the content stays hidden.
    static let unreadable: [JSONValue] = [
        .string("tomorrow"), .string(""), .string("2025-13-01"), .string("2025-10-25T9:00"), .string("2025-10-25T25:00"),
        .string("2025-10-25T09:00:00+5"), .string("2025-10-25T09:00:00+05:00:00"), .string("2025-10-25X09:00"),
        .string("25/10/2025"), JSONValue(.number("20251025")), .bool(true), .array([.string("2025-10-25")]),
        JSONValue(.null),
    ]

    @Test(arguments: unreadable)
    func anUnreadablePublishAtKeepsTheContentHidden(_ value: JSONValue) throws {
        let content = JSONValue.object([("publishAt", value)])
        #expect(Self.fieldEmbargo.releaseMoment(parameters: [:], content: content, siteTimeZone: try zone("UTC")) == nil)
        #expect(Self.fieldEmbargo.isEmbargoed(parameters: [:], content: content, now: .distantFuture, siteTimeZone: try zone("UTC")))
    }

    @Test func contentWithoutTheFieldIsNotEmbargoed() throws {
        let content = JSONValue.object([("title", .string("News"))])
        #expect(!Self.fieldEmbargo.isEmbargoed(parameters: [:], content: content, now: .distantPast, siteTimeZone: try zone("UTC")))
    }

    @Test func noContentIsNotEmbargoed() throws {
        #expect(!Self.fieldEmbargo.isEmbargoed(parameters: [:], content: nil, now: .distantPast, siteTimeZone: try zone("UTC")))
    }

    @Test func aFieldWithoutAnOffsetIsReadInTheEmbargosTimeZone() throws {
        let embargo = Embargo(.contentField("publishAt"), timeZone: try zone("Asia/Kolkata"))
        let content = JSONValue.object([("publishAt", .string("2025-10-25T09:00"))])
        #expect(embargo.releaseMoment(parameters: [:], content: content, siteTimeZone: try zone("UTC")) == (try instant("2025-10-25T03:30:00Z")))
    }

    // MARK: helpers

    func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier), "\(identifier)")
    }

    /// An instant written as `YYYY-MM-DDTHH:MM:SS[.fff]Z`.
    func instant(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return try #require(formatter.date(from: text), "\(text)")
    }
}
