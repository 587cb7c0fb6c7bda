import AppSiteAssociation
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallWire
import Testing

/// The body of `PATCH /v1/links/{id}`: absent, `null` and values, merging of nested objects,
/// refusals, applying to a link, and round trips.
@Suite struct LinkPatchTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let link = ShortLink(
        id: LinkID("019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11")!, host: "go.example.com", slug: "winter",
        target: "https://daily.example.com/puzzle/2026-11-21",
        overrides: PlatformOverrides(ios: "https://ios.example.com/", desktop: "https://desktop.example.com/"),
        preview: SocialPreview(title: "Winter", description: "Play", imageURL: "https://example.com/i.png"),
        campaign: Campaign(source: "newsletter", medium: "email"), data: ["a": "1"],
        expiresAt: Date(timeIntervalSince1970: 1_900_000_000), maxClicks: 10, createdAt: Date(timeIntervalSince1970: 1_700_000_000),
        clickCount: 4)

    @Test func anEmptyObjectIsRefusedBecauseItChangesNothing() {
        #expect(throws: InvalidRequestBody(errors: [RequestBodyError(
            field: "", message: "changes nothing; name at least one field to change, such as {\"disabled\": true}")])) {
            try LinkPatch(json: Array("{}".utf8))
        }
    }

    @Test func anEmptyPatchMadeInCodeChangesNothing() {
        let patch = LinkPatch()
        #expect(patch.isEmpty)
        var expected = Self.link
        expected.updatedAt = Self.now
        #expect(patch.applied(to: Self.link, at: Self.now) == expected)
    }

    @Test func absentNullAndValuesAreToldApart() throws {
        let body = """
            {"maxClicks": null, "expiresAt": "2030-01-01T00:00:00Z", "overrides": {"ios": null, "android": "https://a.example/"},
             "preview": null, "campaign": {"term": "t"}, "data": {}, "disabled": true, "slug": "spring", "host": "Links.Example.com",
             "target": "https://example.com/new"}
            """
        let patch = try LinkPatch(json: Array(body.utf8))
        #expect(patch == LinkPatch(
            target: "https://example.com/new", slug: "spring", host: "Links.Example.com",
            overrides: PlatformOverrides.Patch(ios: .cleared, android: .set("https://a.example/")),
            preview: SocialPreview.Patch(title: .cleared, description: .cleared, imageURL: .cleared),
            campaign: Campaign.Patch(term: .set("t")), data: .set([:]),
            expiresAt: .set(Date(timeIntervalSince1970: 1_893_456_000)), maxClicks: .cleared, isDisabled: true))
        #expect(!patch.isEmpty)

        let changed = patch.applied(to: Self.link, at: Self.now)
        #expect(changed.target == "https://example.com/new")
        #expect(changed.slug == "spring")
        #expect(changed.host == "links.example.com")
        #expect(changed.overrides == PlatformOverrides(android: "https://a.example/", desktop: "https://desktop.example.com/"))
        #expect(changed.preview == SocialPreview())
        #expect(changed.campaign == Campaign(source: "newsletter", medium: "email", term: "t"))
        #expect(changed.data == [:])
        #expect(changed.expiresAt == Date(timeIntervalSince1970: 1_893_456_000))
        #expect(changed.maxClicks == nil)
        #expect(changed.isDisabled)
        #expect(changed.updatedAt == Self.now)
        #expect(changed.createdAt == Self.link.createdAt)
        #expect(changed.clickCount == 4)
        #expect(changed.id == Self.link.id)
    }

    @Test func nullDataEmptiesItAndNewDataReplacesIt() throws {
        #expect(try LinkPatch(json: Array(#"{"data": null}"#.utf8)).applied(to: Self.link, at: Self.now).data == [:])
        #expect(try LinkPatch(json: Array(#"{"data": {"b": "2"}}"#.utf8)).applied(to: Self.link, at: Self.now).data == ["b": "2"])
    }

    @Test("card is set, kept when absent, cleared by null, and written back as it was read")
    func cardIsSetKeptAndCleared() throws {
        var named = Self.link
        named.card = "invitation"
        let set = try LinkPatch(json: Array(#"{"card": "invitation"}"#.utf8))
        #expect(set == LinkPatch(card: .set("invitation")))
        #expect(set.applied(to: Self.link, at: Self.now).card == "invitation")
        #expect(try LinkPatch(json: Array(#"{"disabled": false}"#.utf8)).applied(to: named, at: Self.now).card == "invitation")
        let cleared = try LinkPatch(json: Array(#"{"card": null}"#.utf8))
        #expect(cleared.applied(to: named, at: Self.now).card == nil)
        for patch in [set, cleared] {
            #expect(try LinkPatch(json: Array(JSONWriter.compact.string(for: patch.jsonValue).utf8)) == patch)
        }
        #expect(throws: InvalidRequestBody.self) {
            try LinkPatch(json: Array(#"{"card": "\#(String(repeating: "a", count: 41))"}"#.utf8))
        }
        let draft = try LinkDraft(json: Array(#"{"target": "https://daily.example.com/", "card": "invitation"}"#.utf8))
        #expect(draft.card == "invitation")
        #expect(try LinkDraft(json: Array(JSONWriter.compact.string(for: draft.jsonValue).utf8)) == draft)
        #expect(try LinkDraft(fields: [("target", "https://daily.example.com/"), ("card", "invitation")]).card == "invitation")
    }

    @Test func disabledFalseEnablesALink() throws {
        var disabled = Self.link
        disabled.isDisabled = true
        #expect(try !LinkPatch(json: Array(#"{"disabled": false}"#.utf8)).applied(to: disabled, at: Self.now).isDisabled)
    }

    static let badBodies: [BadBody] = [
        BadBody("an array", "[{}]", ("", "expected a JSON object, found an array")),
        BadBody("not JSON", "{\"maxClicks\": 5", ("", "the body is not valid JSON: line 1, column 16: expected ',' or '}' to continue the object, found the end of the file")),
        BadBody("a null target", #"{"target": null}"#, ("target", "may not be null; a link always has a target")),
        BadBody("a null slug", #"{"slug": null}"#, ("slug", "may not be null; a link always has a slug; give the new one to change it")),
        BadBody("a null host", #"{"host": null}"#, ("host", "may not be null; a link always has a host; give the new one to move it")),
        BadBody("a null disabled", #"{"disabled": null}"#, ("disabled", "may not be null; write true or false")),
        BadBody("maxClicks zero", #"{"maxClicks": 0}"#, ("maxClicks", "must be at least 1, found 0")),
        BadBody("a misspelt field", #"{"disable": true}"#, ("disable", "unknown field; did you mean 'disabled'?")),
        BadBody("a nested misspelling", #"{"preview": {"titel": "x"}}"#, ("preview.titel", "unknown field; did you mean 'title'?")),
        BadBody("an empty title", #"{"preview": {"title": ""}}"#, ("preview.title", "must not be empty")),
        BadBody("a repeated field", #"{"maxClicks": 1, "maxClicks": null}"#,
                ("maxClicks", "given more than once (first at line 1, column 2); a field may appear once")),
        BadBody("several problems in document order", #"{"target": null, "expiresAt": "2026-13-01T00:00:00Z", "overrides": []}"#,
                ("target", "may not be null; a link always has a target"),
                ("expiresAt", "'2026-13-01T00:00:00Z' is not a date and time with a time zone (RFC 3339), such as 2026-12-31T23:59:59Z or 2026-12-31T18:59:59.5-05:00"),
                ("overrides", "expected an object, found an array")),
    ]

    @Test(arguments: badBodies)
    func eachBadPatchIsRefusedWithEveryProblem(_ bad: BadBody) {
        #expect(throws: InvalidRequestBody(errors: bad.errors)) {
            try LinkPatch(json: Array(bad.body.utf8))
        }
    }

    /// Patches that change something (an empty one is refused when read: see above).
    static let patches: [LinkPatch] = [
        LinkPatch(maxClicks: .cleared, isDisabled: true),
        LinkPatch(
            target: "https://example.com/", slug: "s", host: "h.example",
            overrides: PlatformOverrides.Patch(ios: .cleared, desktop: .set("https://d.example/")),
            preview: SocialPreview.Patch(title: .cleared, description: .cleared, imageURL: .cleared),
            campaign: Campaign.Patch(source: .set("x"), content: .cleared), data: .set(["k": "v"]),
            expiresAt: .set(Date(timeIntervalSince1970: 1_798_761_599.125)), maxClicks: .set(7), isDisabled: false),
        LinkPatch(overrides: PlatformOverrides.Patch(ios: .cleared, android: .cleared, desktop: .cleared), data: .cleared, expiresAt: .cleared),
    ]

    @Test(arguments: patches)
    func aPatchWrittenAsJSONReadsBackTheSame(_ patch: LinkPatch) throws {
        #expect(try LinkPatch(json: Array(JSONWriter.compact.string(for: patch.jsonValue).utf8)) == patch)
    }

    @Test func aPatchIsWrittenWithNullsForClearedFields() {
        let patch = LinkPatch(overrides: PlatformOverrides.Patch(ios: .cleared, android: .cleared, desktop: .cleared),
                              preview: SocialPreview.Patch(title: .set("T"), imageURL: .cleared), maxClicks: .cleared, isDisabled: true)
        #expect(JSONWriter.compact.string(for: patch.jsonValue)
            == #"{"overrides":null,"preview":{"title":"T","imageURL":null},"maxClicks":null,"disabled":true}"#)
    }

    @Test func theURLFieldsAreTheURLsThePatchSets() throws {
        let patch = try LinkPatch(json: Array(#"{"overrides": {"ios": null, "android": "https://a.example/"}, "preview": {"imageURL": "https://i.example/"}}"#.utf8))
        #expect(patch.urlFields.map(\.field) == ["overrides.android", "preview.imageURL"])
        #expect(patch.urlFields.map(\.url) == ["https://a.example/", "https://i.example/"])
        #expect(LinkPatch(target: "https://t.example/").urlFields.map(\.field) == ["target"])
    }

    @Test func aPatchFieldAppliesToAValue() {
        #expect(PatchField<Int>.unchanged.applied(to: 3) == 3)
        #expect(PatchField<Int>.cleared.applied(to: 3) == nil)
        #expect(PatchField<Int>.set(4).applied(to: 3) == 4)
        #expect(PatchField<Int>.set(4).newValue == 4)
        #expect(PatchField<Int>.cleared.newValue == nil)
    }
}
