import Foundation
import LandfallLinks

/// Which invitations ``Storage/invitations(_:)`` returns: newest first, from the cursor
/// ``after`` on, at most ``limit``, and only those matching every filter that is set.
///
/// The order is `createdAt` descending, then `code` ascending: a batch (one creation time)
/// comes out in code order, and the next page starts after the last code of the previous one.
/// Invitations created meanwhile are newer and never shift the pages.
///
/// ```swift
/// var query = InvitationQuery(batchID: batch, status: .active, now: .now, limit: 100)
/// let first = try await storage.invitations(query)
/// query.after = first.last?.code             // the next page
/// let second = try await storage.invitations(query)
///
/// let all = try await storage.invitations(InvitationQuery(now: .now, limit: nil))   // CSV export
/// ```
public struct InvitationQuery: Sendable, Hashable {
    /// Only invitations of this batch.
    public var batchID: String?
    /// Only invitations with this status at ``now`` (`Invitation/status(at:)`).
    public var status: InvitationStatus?
    /// The moment ``status`` is judged at.
    public var now: Date
    /// How many invitations at most, from 1 to 1000 (values outside are clamped); `nil` for
    /// every matching one (the CSV export).
    public var limit: Int?
    /// A cursor: only invitations after this one in the list's order, usually the last code
    /// of the previous page. A code that names no invitation gives an empty page.
    public var after: InviteCode?

    /// The range ``limit`` is clamped to.
    public static let limits = 1...1000
    /// The limit when none is given.
    public static let defaultLimit = 100

    /// Creates a query; every filter left `nil` lets all invitations through.
    public init(batchID: String? = nil, status: InvitationStatus? = nil, now: Date, limit: Int? = Self.defaultLimit,
                after: InviteCode? = nil) {
        self.batchID = batchID
        self.status = status
        self.now = now
        self.limit = limit
        self.after = after
    }

    /// ``limit`` within ``limits``, or `nil` for all.
    var clampedLimit: Int? {
        limit.map { min(max($0, Self.limits.lowerBound), Self.limits.upperBound) }
    }
}
