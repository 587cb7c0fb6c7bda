import AppSiteAssociation
import Foundation
import LandfallJSON

/// The body of `POST /v1/invites`: how many invitations to create, and what they share.
///
/// ```json
/// {"count": 50, "uses": 1, "expiresAt": "2026-12-31T23:59:59Z", "note": "for the beta testers", "campaign": "beta"}
/// ```
///
/// ```swift
/// let draft = try InvitationBatchDraft(json: Array(#"{"count": 3, "campaign": "beta"}"#.utf8))
/// var random = SystemRandomNumberGenerator()
/// let batchID = InvitationBatchDraft.batchID(at: now, using: &random)
/// let invitations = draft.invitations(batchID: batchID, createdAt: now, using: &random)
/// invitations.count       // 3
/// invitations[0].uses     // 1
/// ```
///
/// Reading checks the shape of every field; whether `expiresAt` is still in the future is the
/// server's question, asked with its clock.
public struct InvitationBatchDraft: Sendable, Hashable {
    /// How many invitations to create (``InvitationLimits/batchCount``).
    public var count: Int
    /// How many times each may be redeemed (``InvitationLimits/uses``; 1 when not given).
    public var uses: Int
    /// When they stop being redeemable.
    public var expiresAt: Date?
    /// A note for whoever manages invitations.
    public var note: String?
    /// The campaign the redemptions are counted under.
    public var campaign: String?

    /// Creates a draft.
    public init(count: Int, uses: Int = 1, expiresAt: Date? = nil, note: String? = nil, campaign: String? = nil) {
        self.count = count
        self.uses = uses
        self.expiresAt = expiresAt
        self.note = note
        self.campaign = campaign
    }

    /// The fields of the body, in the order they are written.
    static let fields = ["count", "uses", "expiresAt", "note", "campaign"]

    /// Reads the JSON body of `POST /v1/invites`. An optional field is given or left out: `null`
    /// is refused, naming the field, as the API's contract says.
    ///
    /// - Throws: ``InvalidRequestBody`` with every problem in document order, each named by its
    ///   field: not JSON, not an object, a missing `count`, unknown fields (with the closest
    ///   known name), repeated fields, wrong types, numbers that are not integers or are outside
    ///   ``InvitationLimits``, bad dates, `null` for any field, and empty or overlong texts.
    public init(json bytes: some Collection<UInt8>) throws(InvalidRequestBody) {
        self = try BodyReader.decode(bytes) { value, reader in Self.read(value, into: &reader) }
    }

    private static func read(_ value: JSONValue, into reader: inout BodyReader) -> InvitationBatchDraft? {
        guard let all = reader.object(value, at: [], fields: fields, what: "a JSON object") else { return nil }
        let members = reader.optionalMembers(all, at: [], absent: [
            "uses": "codes of one use", "expiresAt": "codes that never expire", "note": "no note", "campaign": "no campaign",
        ])
        let count: Int?
        if let value = all["count"] {
            if value.isNull {
                reader.cannotBeNull(value, at: ["count"], because: "give how many invitations to create, as in \"count\": 10")
                count = nil
            } else {
                count = reader.integer(value, at: ["count"], in: InvitationLimits.batchCount)
            }
        } else {
            reader.missing("count", in: value, at: [], hint: "give how many invitations to create, as in \"count\": 10")
            count = nil
        }
        let uses = members["uses"].map { reader.integer($0, at: ["uses"], in: InvitationLimits.uses) }
        let expiresAt = members["expiresAt"].map { reader.date($0, at: ["expiresAt"]) }
        let note = members["note"].map { reader.string($0, at: ["note"], limit: InvitationLimits.noteLength) }
        let campaign = members["campaign"].map { reader.string($0, at: ["campaign"], limit: InvitationLimits.campaignLength) }
        guard let count else { return nil }
        return InvitationBatchDraft(count: count, uses: uses.flatMap { $0 } ?? 1, expiresAt: expiresAt.flatMap { $0 },
                                    note: note.flatMap { $0 }, campaign: campaign.flatMap { $0 })
    }

    /// The draft as a request body that ``init(json:)`` reads back to the same draft: fields in
    /// the documented order, unset ones left out, `expiresAt` in UTC.
    ///
    /// ```swift
    /// JSONWriter.compact.string(for: InvitationBatchDraft(count: 10, campaign: "beta").jsonValue)
    /// // {"count":10,"uses":1,"campaign":"beta"}
    /// ```
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [("count", .integer(count)), ("uses", .integer(uses))]
        if let expiresAt { members.append(("expiresAt", .string(RFC3339Timestamp.string(from: expiresAt)))) }
        if let note { members.append(("note", .string(note))) }
        if let campaign { members.append(("campaign", .string(campaign))) }
        return .object(members)
    }

    /// A new batch identifier for a batch created at `date`: a lowercase UUID of version 7,
    /// like a ``LinkID``, so that batches sort in creation order.
    public static func batchID(at date: Date, using generator: inout some RandomNumberGenerator) -> String {
        LinkID.generate(at: date, using: &generator).rawValue
    }

    /// ``count`` new invitations with distinct random codes (``InviteCode/generate(using:)``),
    /// all in `batchID`, created at `createdAt`. A code already stored elsewhere is possible
    /// (about one chance in 10²² per pair); the storage refuses it and the caller draws again.
    public func invitations(batchID: String, createdAt: Date, using generator: inout some RandomNumberGenerator) -> [Invitation] {
        var seen: Set<InviteCode> = []
        var invitations: [Invitation] = []
        invitations.reserveCapacity(count)
        while invitations.count < count {
            let code = InviteCode.generate(using: &generator)
            guard seen.insert(code).inserted else { continue }
            invitations.append(Invitation(code: code, batchID: batchID, uses: uses, expiresAt: expiresAt, note: note,
                                          campaign: campaign, createdAt: createdAt))
        }
        return invitations
    }
}
