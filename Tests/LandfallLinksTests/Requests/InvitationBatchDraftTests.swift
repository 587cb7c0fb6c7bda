import AppSiteAssociation
import Foundation
import LandfallJSON
import LandfallLinks
import Testing
import SeededRandom

/// The body of `POST /v1/invites`: what is read, every way it can be wrong, the round trip, and
/// the invitations a draft makes.
@Suite struct InvitationBatchDraftTests {
    @Test func aFullBodyIsRead() throws {
        let body = #"{"count": 50, "uses": 3, "expiresAt": "2026-12-31T23:59:59Z", "note": "for the beta testers", "campaign": "beta"}"#
        #expect(try InvitationBatchDraft(json: Array(body.utf8))
            == InvitationBatchDraft(count: 50, uses: 3, expiresAt: Date(timeIntervalSince1970: 1_798_761_599), note: "for the beta testers", campaign: "beta"))
    }

    @Test func theSmallestBodyIsACountWithOneUseEach() throws {
        #expect(try InvitationBatchDraft(json: Array(#"{"count": 1}"#.utf8)) == InvitationBatchDraft(count: 1, uses: 1))
    }

    @Test func nullForAnOptionalFieldIsRefusedNamingEachField() {
        let nulls = #"{"count": 10000, "uses": null, "expiresAt": null, "note": null, "campaign": null}"#
        let expected = [("uses", "codes of one use"), ("expiresAt", "codes that never expire"), ("note", "no note"), ("campaign", "no campaign")]
            .map { RequestBodyError(field: $0.0, message: "may not be null; leave it out for \($0.1)") }
        #expect(throws: InvalidRequestBody(errors: expected)) { try InvitationBatchDraft(json: Array(nulls.utf8)) }
    }

    static let badBodies: [BadBody] = [
        BadBody("an empty body", "", ("", "the body is empty; send a JSON object")),
        BadBody("an array", "[]", ("", "expected a JSON object, found an array")),
        BadBody("no count", "{}", ("count", #"missing; give how many invitations to create, as in "count": 10"#)),
        BadBody("a null count", #"{"count": null}"#, ("count", #"may not be null; give how many invitations to create, as in "count": 10"#)),
        BadBody("a count of zero", #"{"count": 0}"#, ("count", "must be at least 1, found 0")),
        BadBody("a count over 10000", #"{"count": 10001}"#, ("count", "must be at most 10000, found 10001")),
        BadBody("a count as a string", #"{"count": "10"}"#, ("count", "expected an integer, found a string")),
        BadBody("a fractional count", #"{"count": 2.5}"#, ("count", "expected an integer, found 2.5")),
        BadBody("uses of zero", #"{"count": 1, "uses": 0}"#, ("uses", "must be at least 1, found 0")),
        BadBody("uses over a million", #"{"count": 1, "uses": 1000001}"#, ("uses", "must be at most 1000000, found 1000001")),
        BadBody("a date without a zone", #"{"count": 1, "expiresAt": "2026-12-31T23:59:59"}"#,
                ("expiresAt", "'2026-12-31T23:59:59' is not a date and time with a time zone (RFC 3339), such as 2026-12-31T23:59:59Z or 2026-12-31T18:59:59.5-05:00")),
        BadBody("a note over 500 characters", "{\"count\": 1, \"note\": \"\(text(501))\"}", ("note", "is 501 characters long; at most 500 are allowed")),
        BadBody("an empty note", #"{"count": 1, "note": ""}"#, ("note", "must not be empty")),
        BadBody("a campaign over 100 characters", "{\"count\": 1, \"campaign\": \"\(text(101))\"}", ("campaign", "is 101 characters long; at most 100 are allowed")),
        BadBody("a misspelt field", #"{"count": 1, "campain": "beta"}"#, ("campain", "unknown field; did you mean 'campaign'?")),
        BadBody("a field in snake case", #"{"count": 1, "expires_at": "2026-12-31T23:59:59Z"}"#, ("expires_at", "unknown field; did you mean 'expiresAt'?")),
        BadBody("an unknown field", #"{"count": 1, "colour": "red"}"#, ("colour", "unknown field; the fields here are count, uses, expiresAt, note, campaign")),
        BadBody("a repeated count", #"{"count": 1, "count": 2}"#,
                ("count", "given more than once (first at line 1, column 2); a field may appear once")),
        BadBody("every problem at once, in document order", #"{"uses": 0, "note": 5, "count": -1, "campaign": ""}"#,
                ("uses", "must be at least 1, found 0"), ("note", "expected a string, found a number"), ("count", "must be at least 1, found -1"),
                ("campaign", "must not be empty")),
    ]

    @Test(arguments: badBodies)
    func aBadBodyIsRefusedNamingEveryProblem(_ bad: BadBody) {
        #expect(throws: InvalidRequestBody(errors: bad.errors)) { try InvitationBatchDraft(json: Array(bad.body.utf8)) }
    }

    @Test(arguments: [
        InvitationBatchDraft(count: 1),
        InvitationBatchDraft(count: 10_000, uses: 1_000_000, expiresAt: Date(timeIntervalSince1970: 1_798_761_599.25), note: "a \"note\"\n",
                             campaign: "beta"),
    ])
    func aDraftWrittenAsJSONReadsBackTheSame(_ draft: InvitationBatchDraft) throws {
        #expect(try InvitationBatchDraft(json: Array(JSONWriter.compact.string(for: draft.jsonValue).utf8)) == draft)
    }

    @Test func theJSONHasTheDocumentedOrderAndLeavesOutWhatIsNotSet() {
        #expect(JSONWriter.compact.string(for: InvitationBatchDraft(count: 10, campaign: "beta").jsonValue) == #"{"count":10,"uses":1,"campaign":"beta"}"#)
    }

    @Test func aDraftMakesItsCountOfDistinctInvitationsInOneBatch() throws {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        var random = SeededGenerator(seed: 6)
        let batchID = InvitationBatchDraft.batchID(at: now, using: &random)
        let draft = InvitationBatchDraft(count: 500, uses: 2, expiresAt: now.addingTimeInterval(86_400), note: "n", campaign: "c")
        let invitations = draft.invitations(batchID: batchID, createdAt: now, using: &random)
        #expect(invitations.count == 500)
        #expect(Set(invitations.map(\.code)).count == 500)
        #expect(invitations.allSatisfy {
            $0.batchID == batchID && $0.uses == 2 && $0.redeemed == 0 && $0.expiresAt == draft.expiresAt && $0.note == "n" && $0.campaign == "c"
                && $0.createdAt == now && $0.revokedAt == nil
        })
        let id = try #require(LinkID(batchID))
        #expect(id.rawValue == batchID)
        #expect(batchID.dropFirst(14).first == "7")
    }

    @Test func aCodeDrawnTwiceInOneBatchIsDrawnAgain() {
        // Each code takes two words: the second code repeats the first, the third is new.
        let a: UInt64 = 0x0001_0203_0405_0607
        let b: UInt64 = 0x0809_0A0B_0C0D_0E0F
        var random = SequenceGenerator(words: [a, a, a, a, b, b])
        let invitations = InvitationBatchDraft(count: 2).invitations(batchID: "b", createdAt: Date(), using: &random)
        #expect(Set(invitations.map(\.code)).count == 2)
        #expect(random.index == 6)
    }
}
