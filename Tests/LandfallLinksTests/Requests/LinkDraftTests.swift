import AppSiteAssociation
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallWire
import Testing

/// The body of `POST /v1/links`: what is read, every way it can be wrong (with the exact field
/// and message), and round trips.
@Suite struct LinkDraftTests {
    static let target = #""target": "https://daily.example.com/puzzle/2026-11-21""#
    static let dateExample = "such as 2026-12-31T23:59:59Z or 2026-12-31T18:59:59.5-05:00"

    @Test func aFullBodyIsRead() throws {
        let body = """
            {
              "target": "https://daily.example.com/puzzle/2026-11-21",
              "slug": "winter",
              "host": "go.example.com",
              "overrides": {"ios": "https://ios.example.com/", "android": "https://android.example.com/", "desktop": "https://daily.example.com/about"},
              "preview": {"title": "Winter League", "description": "Play now", "imageURL": "https://daily.example.com/og/winter.png"},
              "campaign": {"source": "newsletter", "medium": "email", "name": "winter-league", "term": "puzzle", "content": "top"},
              "data": {"invitedBy": "ada", "empty": ""},
              "expiresAt": "2026-12-31T18:59:59.25-05:00",
              "maxClicks": 1000,
              "disabled": true
            }
            """
        let draft = try LinkDraft(json: Array(body.utf8))
        #expect(draft == LinkDraft(
            target: "https://daily.example.com/puzzle/2026-11-21", slug: "winter", host: "go.example.com",
            overrides: PlatformOverrides(ios: "https://ios.example.com/", android: "https://android.example.com/", desktop: "https://daily.example.com/about"),
            preview: SocialPreview(title: "Winter League", description: "Play now", imageURL: "https://daily.example.com/og/winter.png"),
            campaign: Campaign(source: "newsletter", medium: "email", name: "winter-league", term: "puzzle", content: "top"),
            data: ["invitedBy": "ada", "empty": ""],
            expiresAt: Date(timeIntervalSince1970: 1_798_761_599.25), maxClicks: 1000, isDisabled: true))
    }

    @Test func theSmallestBodyIsATarget() throws {
        #expect(try LinkDraft(json: Array("{\(Self.target)}".utf8)) == LinkDraft(target: "https://daily.example.com/puzzle/2026-11-21"))
    }

    @Test func nullInsideOverridesPreviewAndCampaignIsTheSameAsAbsentWhenCreating() throws {
        let body = #"{"target": "https://daily.example.com/puzzle/2026-11-21", "overrides": {"ios": null}, "preview": {"title": null}, "campaign": {"name": null}}"#
        #expect(try LinkDraft(json: Array(body.utf8)) == LinkDraft(target: "https://daily.example.com/puzzle/2026-11-21"))
    }

    @Test func nullForAFieldOfALinkToCreateIsRefusedNamingEachField() {
        let body = """
            {\(Self.target), "slug": null, "host": null, "overrides": null, "preview": null, "campaign": null,
             "data": null, "expiresAt": null, "maxClicks": null, "disabled": null}
            """
        let expected = [
            ("slug", "a random slug"), ("host", "the site's default link host"), ("overrides", "no overrides"), ("preview", "the target page's preview"),
            ("campaign", "no campaign"), ("data", "no data"), ("expiresAt", "a link that never expires"), ("maxClicks", "no limit of clicks"),
            ("disabled", "an enabled link"),
        ].map { RequestBodyError(field: $0.0, message: "may not be null; leave it out for \($0.1)") }
        #expect(throws: InvalidRequestBody(errors: expected)) { try LinkDraft(json: Array(body.utf8)) }
    }

    @Test(arguments: [
        ("2026-12-31T23:59:59Z", 1_798_761_599.0),
        ("2026-12-31t23:59:59z", 1_798_761_599.0),
        ("2027-01-01T00:59:59+01:00", 1_798_761_599.0),
        ("2026-12-31T18:59:59.5-05:00", 1_798_761_599.5),
        ("2024-02-29T00:00:00Z", 1_709_164_800.0),
        ("1970-01-01T00:00:00Z", 0.0),
        ("2026-12-31T23:59:59.125000000Z", 1_798_761_599.125),
    ])
    func datesWithATimeZoneAreRead(text: String, seconds: Double) throws {
        let draft = try LinkDraft(json: Array("{\(Self.target), \"expiresAt\": \"\(text)\"}".utf8))
        #expect(draft.expiresAt == Date(timeIntervalSince1970: seconds))
    }

    static let badBodies: [BadBody] = [
        BadBody("an empty body", "", ("", "the body is empty; send a JSON object")),
        BadBody("a body that is not JSON", "{\"target\": \"https://example.com/\",\n  \"slug\": winter}",
                ("", "the body is not valid JSON: line 2, column 11: expected a value (object, array, string, number, true, false or null), found 'w'")),
        BadBody("a trailing comma", "{\"target\": \"https://example.com/\",}",
                ("", "the body is not valid JSON: line 1, column 35: trailing comma before '}' is not allowed in JSON")),
        BadBody("an array", "[]", ("", "expected a JSON object, found an array")),
        BadBody("a string", "\"https://example.com/\"", ("", "expected a JSON object, found a string")),
        BadBody("no target", "{}", ("target", #"missing; give the URL the link leads to, as in "target": "https://example.com/page""#)),
        BadBody("a null target", #"{"target": null}"#, ("target", "may not be null; a link always has a target")),
        BadBody("a number as target", #"{"target": 5}"#, ("target", "expected a string, found a number")),
        BadBody("an empty target", #"{"target": ""}"#, ("target", "must not be empty")),
        BadBody("a target over 2048 characters", "{\"target\": \"https://example.com/\(text(2030))\"}",
                ("target", "is 2050 characters long; at most 2048 are allowed")),
        BadBody("a misspelt field", "{\(target), \"slugg\": \"winter\"}", ("slugg", "unknown field; did you mean 'slug'?")),
        BadBody("a field in snake case", "{\(target), \"max_clicks\": 5}", ("max_clicks", "unknown field; did you mean 'maxClicks'?")),
        BadBody("a field in the wrong case", "{\(target), \"ExpiresAt\": \"2026-12-31T23:59:59Z\"}", ("ExpiresAt", "unknown field; did you mean 'expiresAt'?")),
        BadBody("an unknown field nothing like a known one", "{\(target), \"colour\": \"red\"}",
                ("colour", "unknown field; the fields here are target, slug, host, overrides, preview, campaign, data, expiresAt, maxClicks, disabled, card")),
        BadBody("a repeated field", "{\(target), \"slug\": \"a\", \"slug\": \"b\"}",
                ("slug", "given more than once (first at line 1, column 59); a field may appear once")),
        BadBody("an empty slug", "{\(target), \"slug\": \"\"}", ("slug", "must not be empty")),
        BadBody("a number as host", "{\(target), \"host\": 443}", ("host", "expected a string, found a number")),
        BadBody("maxClicks as a string", "{\(target), \"maxClicks\": \"10\"}", ("maxClicks", "expected an integer, found a string")),
        BadBody("maxClicks with a fraction", "{\(target), \"maxClicks\": 2.5}", ("maxClicks", "expected an integer, found 2.5")),
        BadBody("maxClicks written 10.0", "{\(target), \"maxClicks\": 10.0}", ("maxClicks", "expected an integer, found 10.0")),
        BadBody("maxClicks with an exponent", "{\(target), \"maxClicks\": 1e3}", ("maxClicks", "expected an integer, found 1e3")),
        BadBody("maxClicks zero", "{\(target), \"maxClicks\": 0}", ("maxClicks", "must be at least 1, found 0")),
        BadBody("maxClicks negative", "{\(target), \"maxClicks\": -3}", ("maxClicks", "must be at least 1, found -3")),
        BadBody("maxClicks over 32 bits", "{\(target), \"maxClicks\": 2147483648}", ("maxClicks", "must be at most 2147483647, found 2147483648")),
        BadBody("maxClicks over 64 bits", "{\(target), \"maxClicks\": 99999999999999999999999}",
                ("maxClicks", "must be at most 2147483647, found 99999999999999999999999")),
        BadBody("maxClicks hugely negative", "{\(target), \"maxClicks\": -99999999999999999999999}",
                ("maxClicks", "must be at least 1, found -99999999999999999999999")),
        BadBody("disabled as a string", "{\(target), \"disabled\": \"yes\"}", ("disabled", "expected true or false, found a string")),
        BadBody("a date without a time", "{\(target), \"expiresAt\": \"2026-12-31\"}",
                ("expiresAt", "'2026-12-31' is not a date and time with a time zone (RFC 3339), \(dateExample)")),
        BadBody("a date without a time zone", "{\(target), \"expiresAt\": \"2026-12-31T23:59:59\"}",
                ("expiresAt", "'2026-12-31T23:59:59' is not a date and time with a time zone (RFC 3339), \(dateExample)")),
        BadBody("a day that does not exist", "{\(target), \"expiresAt\": \"2026-02-29T00:00:00Z\"}",
                ("expiresAt", "'2026-02-29T00:00:00Z' is not a date and time with a time zone (RFC 3339), \(dateExample)")),
        BadBody("a leap second", "{\(target), \"expiresAt\": \"2016-12-31T23:59:60Z\"}",
                ("expiresAt", "'2016-12-31T23:59:60Z' is not a date and time with a time zone (RFC 3339), \(dateExample)")),
        BadBody("an hour out of range", "{\(target), \"expiresAt\": \"2026-12-31T24:00:00Z\"}",
                ("expiresAt", "'2026-12-31T24:00:00Z' is not a date and time with a time zone (RFC 3339), \(dateExample)")),
        BadBody("an offset without a colon", "{\(target), \"expiresAt\": \"2026-12-31T23:59:59+0100\"}",
                ("expiresAt", "'2026-12-31T23:59:59+0100' is not a date and time with a time zone (RFC 3339), \(dateExample)")),
        BadBody("a fraction without digits", "{\(target), \"expiresAt\": \"2026-12-31T23:59:59.Z\"}",
                ("expiresAt", "'2026-12-31T23:59:59.Z' is not a date and time with a time zone (RFC 3339), \(dateExample)")),
        BadBody("words", "{\(target), \"expiresAt\": \"tomorrow\"}",
                ("expiresAt", "'tomorrow' is not a date and time with a time zone (RFC 3339), \(dateExample)")),
        BadBody("a long wrong date is cut", "{\(target), \"expiresAt\": \"\(text(50))\"}",
                ("expiresAt", "'\(text(40))…' is not a date and time with a time zone (RFC 3339), \(dateExample)")),
        BadBody("a timestamp as a number", "{\(target), \"expiresAt\": 1798761599}",
                ("expiresAt", "expected a date and time in a string, \(dateExample), found a number")),
        BadBody("overrides as a string", "{\(target), \"overrides\": \"https://example.com/\"}", ("overrides", "expected an object, found a string")),
        BadBody("an override in the wrong case", "{\(target), \"overrides\": {\"iOS\": \"https://example.com/\"}}",
                ("overrides.iOS", "unknown field; did you mean 'ios'?")),
        BadBody("an empty override", "{\(target), \"overrides\": {\"android\": \"\"}}", ("overrides.android", "must not be empty")),
        BadBody("an override over 2048 characters", "{\(target), \"overrides\": {\"desktop\": \"\(text(2049))\"}}",
                ("overrides.desktop", "is 2049 characters long; at most 2048 are allowed")),
        BadBody("a title of 201 characters", "{\(target), \"preview\": {\"title\": \"\(text(201))\"}}",
                ("preview.title", "is 201 characters long; at most 200 are allowed")),
        BadBody("a description of 501 characters", "{\(target), \"preview\": {\"description\": \"\(text(501, "é"))\"}}",
                ("preview.description", "is 501 characters long; at most 500 are allowed")),
        BadBody("an image URL of 2049 characters", "{\(target), \"preview\": {\"imageURL\": \"\(text(2049))\"}}",
                ("preview.imageURL", "is 2049 characters long; at most 2048 are allowed")),
        BadBody("imageUrl for imageURL", "{\(target), \"preview\": {\"imageUrl\": \"https://example.com/i.png\"}}",
                ("preview.imageUrl", "unknown field; did you mean 'imageURL'?")),
        BadBody("a number as title", "{\(target), \"preview\": {\"title\": 5}}", ("preview.title", "expected a string, found a number")),
        BadBody("a campaign field of 201 characters", "{\(target), \"campaign\": {\"name\": \"\(text(201))\"}}",
                ("campaign.name", "is 201 characters long; at most 200 are allowed")),
        BadBody("utm names in campaign", "{\(target), \"campaign\": {\"utm_source\": \"newsletter\"}}",
                ("campaign.utm_source", "unknown field; the fields here are source, medium, name, term, content")),
        BadBody("a repeated campaign field", "{\(target), \"campaign\": {\"term\": \"a\",\n \"term\": \"b\"}}",
                ("campaign.term", "given more than once (first at line 1, column 72); a field may appear once")),
        BadBody("data as an array", "{\(target), \"data\": [\"a\"]}", ("data", "expected an object of strings, found an array")),
        BadBody("data with 51 keys", "{\(target), \"data\": {\(dataMembers(51))}}", ("data", "has 51 keys; at most 50 are allowed")),
        BadBody("a data key of 65 characters", "{\(target), \"data\": {\"\(text(65))\": \"v\"}}",
                ("data.\(text(65))", "the key is 65 characters long; at most 64 are allowed")),
        BadBody("an empty data key", "{\(target), \"data\": {\"\": \"v\"}}", (#"data[""]"#, "the key must not be empty")),
        BadBody("a data value of 1025 characters", "{\(target), \"data\": {\"note\": \"\(text(1025))\"}}",
                ("data.note", "is 1025 characters long; at most 1024 are allowed")),
        BadBody("a number in data", "{\(target), \"data\": {\"level\": 3}}", ("data.level", "expected a string, found a number")),
        BadBody("null in data", "{\(target), \"data\": {\"level\": null}}", ("data.level", "expected a string, found null")),
        BadBody("a data key with a space", "{\(target), \"data\": {\"a b\": true}}", (#"data["a b"]"#, "expected a string, found a Boolean")),
        BadBody("a repeated data key", "{\(target), \"data\": {\"a\": \"1\", \"a\": \"2\"}}",
                ("data.a", "given more than once (first at line 1, column 68); a field may appear once")),
        BadBody("every problem, in document order",
                """
                {
                  "maxClicks": 0,
                  "slugg": "x",
                  "preview": {"title": 5, "description": ""},
                  "expiresAt": "soon",
                  "disabled": "no"
                }
                """,
                ("target", #"missing; give the URL the link leads to, as in "target": "https://example.com/page""#),
                ("maxClicks", "must be at least 1, found 0"),
                ("slugg", "unknown field; did you mean 'slug'?"),
                ("preview.title", "expected a string, found a number"),
                ("preview.description", "must not be empty"),
                ("expiresAt", "'soon' is not a date and time with a time zone (RFC 3339), \(dateExample)"),
                ("disabled", "expected true or false, found a string")),
    ]

    @Test(arguments: badBodies)
    func eachBadBodyIsRefusedWithEveryProblem(_ bad: BadBody) {
        #expect(throws: InvalidRequestBody(errors: bad.errors)) {
            try LinkDraft(json: Array(bad.body.utf8))
        }
    }

    @Test func theLimitsThemselvesAreAccepted() throws {
        let body = """
            {"target": "https://example.com/\(text(2028))", "maxClicks": 2147483647,
             "preview": {"title": "\(text(200))", "description": "\(text(500))", "imageURL": "\(text(2048))"},
             "campaign": {"source": "\(text(200))"}, "data": {"\(text(64))": "\(text(1024))", \(dataMembers(49))}}
            """
        let draft = try LinkDraft(json: Array(body.utf8))
        #expect(draft.target.count == 2048)
        #expect(draft.maxClicks == 2_147_483_647)
        #expect(draft.data.count == 50)
    }

    @Test func theURLFieldsAreListedWithTheirPaths() throws {
        let draft = LinkDraft(
            target: "https://t.example/", overrides: PlatformOverrides(ios: "https://i.example/", desktop: "https://d.example/"),
            preview: SocialPreview(title: "T", imageURL: "https://img.example/x.png"))
        #expect(draft.urlFields.map(\.field) == ["target", "overrides.ios", "overrides.desktop", "preview.imageURL"])
        #expect(draft.urlFields.map(\.url) == ["https://t.example/", "https://i.example/", "https://d.example/", "https://img.example/x.png"])
        #expect(LinkDraft(target: "https://t.example/").urlFields.map(\.field) == ["target"])
    }

    static let drafts: [LinkDraft] = [
        LinkDraft(target: "https://example.com/"),
        LinkDraft(
            target: "https://daily.example.com/puzzle/2026-11-21?ref=\"quoted\"", slug: "winter", host: "go.example.com",
            overrides: PlatformOverrides(android: "https://android.example.com/"),
            preview: SocialPreview(title: "Café ☕ \n line", description: "Play now", imageURL: "https://daily.example.com/og.png"),
            campaign: Campaign(source: "newsletter", content: "top"), data: ["b": "2", "a": "", "a b": "\u{1F600}"],
            expiresAt: Date(timeIntervalSince1970: 1_798_761_599.25), maxClicks: 1, isDisabled: true),
        LinkDraft(target: "https://example.com/", expiresAt: Date(timeIntervalSince1970: 1_798_761_599), maxClicks: 2_147_483_647),
    ]

    @Test(arguments: drafts)
    func aDraftWrittenAsJSONReadsBackTheSame(_ draft: LinkDraft) throws {
        let text = JSONWriter.pretty.string(for: draft.jsonValue)
        #expect(try LinkDraft(json: Array(text.utf8)) == draft)
    }

    @Test func aDraftIsWrittenInTheDocumentedOrder() {
        let draft = LinkDraft(target: "https://example.com/", slug: "s", data: ["b": "2", "a": "1"],
                              expiresAt: Date(timeIntervalSince1970: 1_798_761_599), maxClicks: 5)
        #expect(JSONWriter.compact.string(for: draft.jsonValue)
            == #"{"target":"https://example.com/","slug":"s","data":{"a":"1","b":"2"},"expiresAt":"2026-12-31T23:59:59Z","maxClicks":5}"#)
    }

    @Test func aDraftBecomesAShortLink() throws {
        let draft = LinkDraft(target: "https://example.com/", preview: SocialPreview(title: "T"), maxClicks: 3, isDisabled: true)
        let id = try #require(LinkID("019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11"))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let link = draft.shortLink(id: id, host: "Go.Example.com", slug: "abc", createdAt: now)
        #expect(link == ShortLink(id: id, host: "go.example.com", slug: "abc", target: "https://example.com/",
                                  preview: SocialPreview(title: "T"), maxClicks: 3, isDisabled: true, createdAt: now))
    }

    @Test func errorsReadAsFieldAndMessage() {
        #expect(RequestBodyError(field: "maxClicks", message: "expected an integer, found a string").description
            == "maxClicks: expected an integer, found a string")
        #expect(RequestBodyError(field: "", message: "expected a JSON object, found an array").description
            == "expected a JSON object, found an array")
        #expect(InvalidRequestBody(errors: [RequestBodyError(field: "a", message: "b"), RequestBodyError(field: "c", message: "d")]).description
            == "a: b\nc: d")
    }
}
