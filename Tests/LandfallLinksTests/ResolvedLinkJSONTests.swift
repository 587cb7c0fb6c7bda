import Foundation
import LandfallJSON
import LandfallLinks
import LandfallWire
import Testing

/// `ResolvedLink.json` is what the server answers `GET /v1/resolve` and `POST /v1/claims`
/// with; the app SDK decodes the same text into the same `ResolvedLink`.
@Suite struct ResolvedLinkJSONTests {
    @Test func aShortLinkWithDataAndCampaignIsWrittenWithSortedDataEveryCampaignFieldAndItsID() throws {
        let link = ResolvedLink(
            url: "https://go.daily.example.com/xmas", deepLink: "https://daily.example.com/puzzle/2026-12-24",
            data: ["referrer": "ada", "b": "2", "a": ""],
            campaign: Campaign(source: "newsletter", medium: "email", name: "winter-league"),
            id: "01936b2e-7c4f-7a10-8b2d-3f4e5a6b7c8d")
        let text = JSONWriter.compact.string(for: link.json)
        #expect(text == #"""
            {"url":"https://go.daily.example.com/xmas","deepLink":"https://daily.example.com/puzzle/2026-12-24",\#
            "data":{"a":"","b":"2","referrer":"ada"},\#
            "campaign":{"source":"newsletter","medium":"email","name":"winter-league","term":null,"content":null},\#
            "id":"01936b2e-7c4f-7a10-8b2d-3f4e5a6b7c8d"}
            """#)
        #expect(try JSONDecoder().decode(ResolvedLink.self, from: Data(text.utf8)) == link)
    }

    @Test func aLinkWithoutIDCampaignOrDataWritesAnEmptyDataObjectNullCampaignFieldsAndANullID() throws {
        let link = ResolvedLink(url: "https://daily.example.com/puzzle/today", deepLink: "https://daily.example.com/puzzle/today")
        let text = JSONWriter.compact.string(for: link.json)
        #expect(text == #"""
            {"url":"https://daily.example.com/puzzle/today","deepLink":"https://daily.example.com/puzzle/today",\#
            "data":{},\#
            "campaign":{"source":null,"medium":null,"name":null,"term":null,"content":null},\#
            "id":null}
            """#)
        #expect(try JSONDecoder().decode(ResolvedLink.self, from: Data(text.utf8)) == link)
    }

    @Test func everyCampaignFieldIsWrittenInTheAPIsOrder() {
        let link = ResolvedLink(url: "https://go.example.com/a", deepLink: "https://example.com/a",
                                campaign: Campaign(source: "s", medium: "m", name: "n", term: "t", content: "c"))
        #expect(JSONWriter.compact.string(for: link.json) == #"""
            {"url":"https://go.example.com/a","deepLink":"https://example.com/a","data":{},\#
            "campaign":{"source":"s","medium":"m","name":"n","term":"t","content":"c"},"id":null}
            """#)
    }

    @Test func aResolutionOfALongLinkHasNoIDMemberWhileAShortLinksKeepsItsID() {
        let long = ResolvedLink(url: "https://go.example.com/?link=https%3A%2F%2Fexample.com%2F", deepLink: "https://example.com/")
        #expect(!JSONWriter.compact.string(for: long.resolutionJSON).contains("\"id\""))
        #expect(JSONWriter.compact.string(for: long.json).hasSuffix(",\"id\":null}"))
        let short = ResolvedLink(url: "https://go.example.com/winter", deepLink: "https://example.com/", id: "019b4f2e-7a10-7c4e-9b1f-3f0d2a6b8c11")
        #expect(JSONWriter.compact.string(for: short.resolutionJSON) == JSONWriter.compact.string(for: short.json))
    }
}
