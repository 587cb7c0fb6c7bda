import AppSiteAssociation
import Foundation
import LandfallJSON
import LandfallLinks
import Testing

/// The body of `POST /v1/events`: events read and normalized, the types apps may report, the
/// batch size, and the time window checked against the server's clock.
@Suite struct AppEventBatchTests {
    static let now = Date(timeIntervalSince1970: 1_794_995_200)   // 2026-11-18T09:46:40Z
    static let id = "0193B6B2-8F6E-7C3A-9D41-5A2E6F1C7B80"
    static let linkID = "019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11"

    static func event(_ members: String) -> String {
        #"{"events": [{"id": "\#(id)", "type": "open", "at": "2026-11-18T09:46:00Z", "platform": "ios"\#(members)}]}"#
    }

    @Test func aFullEventIsReadWithItsIdInLowercase() throws {
        let batch = try AppEventBatch(json: Array(Self.event(#", "url": "https://daily.example.com/puzzle/2026-11-21", "linkID": "\#(Self.linkID.uppercased())""#).utf8))
        #expect(batch.events == [AppEvent(id: Self.id.lowercased(), type: .open, occurredAt: Self.now.addingTimeInterval(-40), platform: .ios,
                                          linkID: LinkID(Self.linkID), url: "https://daily.example.com/puzzle/2026-11-21")])
    }

    @Test func aHundredEventsAreAccepted() throws {
        let events = (0..<100).map { index in
            #"{"id": "\#(UUID().uuidString)", "type": "\#(index.isMultiple(of: 2) ? "open" : "first_open")", "at": "2026-11-18T09:00:00Z", "platform": "android"}"#
        }
        let batch = try AppEventBatch(json: Array(#"{"events": [\#(events.joined(separator: ","))]}"#.utf8))
        #expect(batch.events.count == 100)
        #expect(batch.events[1].type == .firstOpen)
        #expect(try batch.events(now: Self.now) == batch.events)
    }

    static let serverOnly = "events are recorded by the server itself; apps report open and first_open"

    static let badBodies: [BadBody] = [
        BadBody("no events", "{}", ("events", #"missing; send the events as {"events": [{"id": "…", "type": "open", "at": "…", "platform": "ios"}]}"#)),
        BadBody("an empty list", #"{"events": []}"#, ("events", "is empty; send at least one event")),
        BadBody("an object instead of a list", #"{"events": {}}"#, ("events", "expected an array of events, found an object")),
        BadBody("a hundred and one events", "{\"events\": [\(Array(repeating: "{}", count: 101).joined(separator: ","))]}",
                ("events", "holds 101 events; at most 100 can be sent in one request, send the rest in another")),
        BadBody("a typo in the type", event("").replacingOccurrences(of: #""type": "open""#, with: #""type": "opne""#),
                ("events[0].type", "'opne' is not an event type; did you mean 'open'? Apps report open and first_open")),
        BadBody("a type in camel case", event("").replacingOccurrences(of: #""type": "open""#, with: #""type": "firstOpen""#),
                ("events[0].type", "'firstOpen' is not an event type; did you mean 'first_open'? Apps report open and first_open")),
        BadBody("a type nothing like an app's", event("").replacingOccurrences(of: #""type": "open""#, with: #""type": "install""#),
                ("events[0].type", "'install' is not an event type; apps report open and first_open")),
        BadBody("a click reported by an app", event("").replacingOccurrences(of: #""type": "open""#, with: #""type": "click""#),
                ("events[0].type", "'click' \(serverOnly)")),
        BadBody("a claim reported by an app", event("").replacingOccurrences(of: #""type": "open""#, with: #""type": "claim""#),
                ("events[0].type", "'claim' \(serverOnly)")),
        BadBody("a redemption reported by an app", event("").replacingOccurrences(of: #""type": "open""#, with: #""type": "redemption""#),
                ("events[0].type", "'redemption' \(serverOnly)")),
        BadBody("an id that is not a UUID", event("").replacingOccurrences(of: id, with: "event-1"),
                ("events[0].id", "'event-1' is not an event id: a UUID such as 0193b6b2-8f6e-7c3a-9d41-5a2e6f1c7b80")),
        BadBody("a time without a zone", event("").replacingOccurrences(of: "2026-11-18T09:46:00Z", with: "2026-11-18 09:46"),
                ("events[0].at", "'2026-11-18 09:46' is not a date and time with a time zone (RFC 3339), such as 2026-12-31T23:59:59Z or 2026-12-31T18:59:59.5-05:00")),
        BadBody("a desktop platform", event("").replacingOccurrences(of: #""platform": "ios""#, with: #""platform": "desktop""#),
                ("events[0].platform", #"'desktop' is not an app platform; write "ios" or "android""#)),
        BadBody("a custom-scheme URL", event(#", "url": "dailypuzzle://puzzle/2026-11-21""#),
                ("events[0].url", "'dailypuzzle://puzzle/2026-11-21' is not an absolute http or https URL, such as https://daily.example.com/puzzle/2026-11-21")),
        BadBody("a URL over 2048 characters", event(", \"url\": \"https://example.com/\(text(2030))\""),
                ("events[0].url", "is 2050 characters long; at most 2048 are allowed")),
        BadBody("a link id that is not a UUID", event(#", "linkID": "winter""#),
                ("events[0].linkID", "'winter' is not a link id: a UUID such as 0193b6b2-8f6e-7c3a-9d41-5a2e6f1c7b80")),
        BadBody("a misspelt field", event(#", "linkId": "\#(linkID)""#), ("events[0].linkId", "unknown field; did you mean 'linkID'?")),
        BadBody("an event missing everything", #"{"events": [{}]}"#,
                ("events[0].id", "missing; give the event a UUID the app makes once, so that a retry counts once"),
                ("events[0].type", "missing; give what happened: open or first_open"),
                ("events[0].at", "missing; give when it happened, such as 2026-11-21T12:00:00Z"),
                ("events[0].platform", #"missing; give the app's platform, "ios" or "android""#)),
        BadBody("a null id", #"{"events": [{"id": null, "type": "open", "at": "2026-11-18T09:46:00Z", "platform": "ios"}]}"#,
                ("events[0].id", "may not be null; give the event a UUID the app makes once, so that a retry counts once")),
        BadBody("a null url and linkID", #"{"events": [{"id": "\#(id)", "type": "open", "at": "2026-11-18T09:46:00Z", "platform": "ios", "url": null, "linkID": null}]}"#,
                ("events[0].url", "may not be null; leave it out for an event without the link's URL"),
                ("events[0].linkID", "may not be null; leave it out for an event that counts in no link's statistics")),
        BadBody("an event that is a string", #"{"events": ["open"]}"#, ("events[0]", "expected an object, found a string")),
        BadBody("problems in two events, in order",
                #"{"events": [{"id": "\#(id)", "type": "opened", "at": "2026-11-18T09:46:00Z", "platform": "ios"}, {"id": "\#(id)", "type": "open", "at": "2026-11-18T09:46:00Z", "platform": "web"}]}"#,
                ("events[0].type", "'opened' is not an event type; did you mean 'open'? Apps report open and first_open"),
                ("events[1].platform", #"'web' is not an app platform; write "ios" or "android""#)),
    ]

    @Test(arguments: badBodies)
    func aBadBodyIsRefusedNamingEveryProblem(_ bad: BadBody) {
        #expect(throws: InvalidRequestBody(errors: bad.errors)) { try AppEventBatch(json: Array(bad.body.utf8)) }
    }

    static func batch(at times: [TimeInterval]) -> AppEventBatch {
        AppEventBatch(events: times.enumerated().map { index, offset in
            AppEvent(id: "e\(index)", type: .open, occurredAt: now.addingTimeInterval(offset), platform: .ios)
        })
    }

    @Test func timesFromThirtyDaysAgoToFiveMinutesAheadAreAccepted() throws {
        let batch = Self.batch(at: [0, 300, -30 * 86_400, -86_400, 299.9])
        #expect(batch.outsideWindow(now: Self.now).isEmpty)
        #expect(try batch.events(now: Self.now) == batch.events)
    }

    @Test func timesOutsideTheWindowAreNamedByTheirEvent() {
        let batch = Self.batch(at: [0, 301, -30 * 86_400 - 1, 7200])
        let expected = [
            RequestBodyError(field: "events[1].at",
                             message: "2026-11-18T09:51:41Z is more than 5 minutes after the server's time (2026-11-18T09:46:40Z); check the device's clock"),
            RequestBodyError(field: "events[2].at",
                             message: "2026-10-19T09:46:39Z is more than 30 days before the server's time (2026-11-18T09:46:40Z); events that old are not accepted, drop them"),
            RequestBodyError(field: "events[3].at",
                             message: "2026-11-18T11:46:40Z is more than 5 minutes after the server's time (2026-11-18T09:46:40Z); check the device's clock"),
        ]
        #expect(batch.outsideWindow(now: Self.now) == expected)
        #expect(throws: InvalidRequestBody(errors: expected)) { try batch.events(now: Self.now) }
    }

    @Test func aBatchWrittenAsJSONReadsBackTheSame() throws {
        let batch = AppEventBatch(events: [
            AppEvent(id: "0193b6b2-8f6e-7c3a-9d41-5a2e6f1c7b80", type: .firstOpen, occurredAt: Date(timeIntervalSince1970: 1_795_000_000.25),
                     platform: .android, linkID: LinkID(Self.linkID), url: "https://daily.example.com/"),
            AppEvent(id: "0193b6b2-8f6e-7c3a-9d41-5a2e6f1c7b81", type: .open, occurredAt: Self.now, platform: .ios),
        ])
        #expect(try AppEventBatch(json: Array(JSONWriter.compact.string(for: batch.jsonValue).utf8)) == batch)
    }
}
