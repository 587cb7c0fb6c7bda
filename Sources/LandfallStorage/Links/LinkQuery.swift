import Foundation
import LandfallLinks

/// Which links ``Storage/links(_:)`` returns: at most ``limit``, newest first, from the
/// cursor ``after`` on, and only those matching every filter that is set.
///
/// ```swift
/// var query = LinkQuery(limit: 50, host: "go.example.com")
/// let first = try await storage.links(query)
/// query.after = first.last?.id               // the next page
/// let second = try await storage.links(query)
/// ```
public struct LinkQuery: Sendable, Hashable {
    /// How many links at most, from 1 to 500 (values outside are clamped).
    public var limit: Int
    /// A cursor: only links whose id is less than this one (older), usually the last id of
    /// the previous page.
    public var after: LinkID?
    /// Only links on this host (compared lowercased).
    public var host: String?
    /// Only links whose slug starts with this text (case-sensitive).
    public var slugPrefix: String?
    /// Only disabled (`true`) or only enabled (`false`) links.
    public var disabled: Bool?
    /// Only links whose campaign name (`utm_campaign`) is exactly this.
    public var campaignName: String?
    /// Only links whose target contains this text (case-sensitive).
    public var targetContains: String?
    /// Only links created at or after this moment.
    public var createdFrom: Date?
    /// Only links created before this moment.
    public var createdBefore: Date?

    /// The range ``limit`` is clamped to.
    public static let limits = 1...500

    /// Creates a query; every filter left `nil` lets all links through.
    public init(
        limit: Int = 50, after: LinkID? = nil, host: String? = nil, slugPrefix: String? = nil, disabled: Bool? = nil,
        campaignName: String? = nil, targetContains: String? = nil, createdFrom: Date? = nil, createdBefore: Date? = nil
    ) {
        self.limit = limit
        self.after = after
        self.host = host
        self.slugPrefix = slugPrefix
        self.disabled = disabled
        self.campaignName = campaignName
        self.targetContains = targetContains
        self.createdFrom = createdFrom
        self.createdBefore = createdBefore
    }

    /// ``limit`` within ``limits``.
    var clampedLimit: Int {
        min(max(limit, Self.limits.lowerBound), Self.limits.upperBound)
    }
}
