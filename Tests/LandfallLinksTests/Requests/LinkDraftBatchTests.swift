import AppSiteAssociation
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallWire
import PropertyBased
import Testing

/// The body of `POST /v1/links/bulk`: up to 1,000 drafts, each refused by its path.
@Suite struct LinkDraftBatchTests {
    static func links(_ count: Int) -> String {
        "{\"links\": [" + (0..<count).map { #"{"target": "https://example.com/\#($0)"}"# }.joined(separator: ",") + "]}"
    }

    @Test func aThousandLinksAreRead() throws {
        let batch = try LinkDraftBatch(json: Array(Self.links(1000).utf8))
        #expect(batch.links.count == 1000)
        #expect(batch.links[999] == LinkDraft(target: "https://example.com/999"))
    }

    static let badBodies: [BadBody] = [
        BadBody("not an object", "[]", ("", "expected a JSON object, found an array")),
        BadBody("no links", "{}", ("links", #"missing; send the links to create as {"links": [{"target": "https://example.com/"}, ...]}"#)),
        BadBody("links misspelt", #"{"link": []}"#,
                ("links", #"missing; send the links to create as {"links": [{"target": "https://example.com/"}, ...]}"#),
                ("link", "unknown field; did you mean 'links'?")),
        BadBody("links as an object", #"{"links": {"target": "https://example.com/"}}"#, ("links", "expected an array of links, found an object")),
        BadBody("no link in links", #"{"links": []}"#, ("links", "is empty; give at least one link")),
        BadBody("1001 links", links(1001), ("links", "holds 1001 links; at most 1000 can be created in one request, send the rest in another")),
        BadBody("problems of several links, by path",
                #"{"links": [{"target": "https://example.com/"}, {"slug": "x"}, 5, {"target": "https://example.com/", "preview": {"title": 201}}]}"#,
                ("links[1].target", #"missing; give the URL the link leads to, as in "target": "https://example.com/page""#),
                ("links[2]", "expected an object, found a number"),
                ("links[3].preview.title", "expected a string, found a number")),
        BadBody("a misspelling inside a link", #"{"links": [{"target": "https://example.com/", "maxclicks": 3}]}"#,
                ("links[0].maxclicks", "unknown field; did you mean 'maxClicks'?")),
    ]

    @Test(arguments: badBodies)
    func eachBadBatchIsRefusedWithEveryProblem(_ bad: BadBody) {
        #expect(throws: InvalidRequestBody(errors: bad.errors)) {
            try LinkDraftBatch(json: Array(bad.body.utf8))
        }
    }

    @Test func twoLinksAskingForOneSlugAreLeftToTheServerWhichAnswersThemAsASlugTaken() throws {
        let body = #"{"links": [{"target": "https://a.example/", "slug": "w"}, {"target": "https://c.example/", "slug": "w"}]}"#
        #expect(try LinkDraftBatch(json: Array(body.utf8)).links.map(\.slug) == ["w", "w"])
    }

    @Test func oneSlugOnTwoHostsOrTwoSlugsDifferingInCaseAreFine() throws {
        let body = #"""
            {"links": [{"target": "https://a.example/", "slug": "w", "host": "one.example"},
                       {"target": "https://b.example/", "slug": "w", "host": "two.example"},
                       {"target": "https://c.example/", "slug": "W", "host": "one.example"}]}
            """#
        #expect(try LinkDraftBatch(json: Array(body.utf8)).links.map(\.slug) == ["w", "w", "W"])
    }

    @Test func theURLFieldsAndFieldNamesCarryTheLinksIndex() throws {
        let batch = LinkDraftBatch(links: [
            LinkDraft(target: "https://a.example/"),
            LinkDraft(target: "https://b.example/", overrides: PlatformOverrides(ios: "https://i.example/"),
                      preview: SocialPreview(imageURL: "https://img.example/")),
        ])
        #expect(batch.urlFields.map(\.field) == ["links[0].target", "links[1].target", "links[1].overrides.ios", "links[1].preview.imageURL"])
        #expect(batch.urlFields.map(\.url) == ["https://a.example/", "https://b.example/", "https://i.example/", "https://img.example/"])
        #expect(LinkDraftBatch.field("slug", ofLink: 3) == "links[3].slug")
    }

    @Test func aBatchWrittenAsJSONReadsBackTheSame() throws {
        let batch = LinkDraftBatch(links: [
            LinkDraft(target: "https://a.example/", slug: "a", data: ["x": "y"]),
            LinkDraft(target: "https://b.example/", campaign: Campaign(name: "c"), expiresAt: Date(timeIntervalSince1970: 1_800_000_000.5)),
        ])
        #expect(try LinkDraftBatch(json: Array(JSONWriter.pretty.string(for: batch.jsonValue).utf8)) == batch)
    }

    @Test func anyMomentToTheMicrosecondRoundTripsThroughExpiresAt() async {
        // Microseconds between 1900 and 2100 (later, a Double holds less than a microsecond after the seconds).
        await propertyCheck(count: 500, input: Gen.int(in: -2_208_988_800_000_000...4_102_444_800_000_000)) { micros in
            let date = Date(timeIntervalSince1970: Double(micros) / 1_000_000)
            let draft = LinkDraft(target: "https://example.com/", expiresAt: date)
            let read = try LinkDraft(json: Array(JSONWriter.compact.string(for: draft.jsonValue).utf8))
            let expiresAt = try #require(read.expiresAt)
            #expect(abs(expiresAt.timeIntervalSince(date)) < 0.000_001, "\(micros)")
            let again = try LinkDraft(json: Array(JSONWriter.compact.string(for: read.jsonValue).utf8))
            #expect(again == read, "\(micros)")
        }
    }
}
