import Foundation

/// The `retention:` section of `landfall.yml`: how long analytics and audit rows are kept
/// before the server's purge deletes them, in small batches.
///
/// ```yaml
/// retention:
///   clickCounts: forever   # or 1d...3650d: the per-day click counts of links (a link's total stays)
///   events: 400d           # 1d...3650d, or forever: app events (opens, installs, claims, redemptions)
///   audit: 730d            # 1d...3650d, or forever: the invitations' and the dashboard's audit logs
/// ```
///
/// The defaults keep analytics from vanishing by surprise: click counts are kept forever unless
/// a duration is set (they are small, one row per link, day, platform and referrer); app events
/// 400 days, so that a year can be compared with the year before; the audit logs two years,
/// longer than the events, for a review after an incident. A row goes when its day (click
/// counts, events) or its moment (audit entries) is older than the setting.
///
/// Not here: pending claims of deferred links are deleted once expired (claimed or not), after
/// `deferredLinks.claimLifetime`, and none are kept for statistics (the `claim` event is);
/// webhook deliveries are kept `webhooks.keepDeliveries`.
public struct RetentionSettings: Sendable, Hashable {
    /// How long, in seconds, the per-day click counts are kept; `nil` for forever (the default).
    public var clickCounts: TimeInterval?
    /// How long, in seconds, app events are kept; `nil` for forever.
    public var events: TimeInterval?
    /// How long, in seconds, entries of the invitations' and the dashboard's audit logs are
    /// kept; `nil` for forever.
    public var audit: TimeInterval?

    /// 400 days: a year and the weeks around it, to compare a year with the one before.
    public static let defaultEvents: TimeInterval = 400 * 86_400
    /// Two years.
    public static let defaultAudit: TimeInterval = 730 * 86_400
    /// From one day to ten years (or `forever`).
    public static let allowed: ClosedRange<TimeInterval> = 86_400...315_360_000
    /// The word that keeps rows forever.
    public static let forever = "forever"

    /// Creates settings; the defaults are those of a site without a `retention:` section.
    public init(clickCounts: TimeInterval? = nil, events: TimeInterval? = RetentionSettings.defaultEvents,
                audit: TimeInterval? = RetentionSettings.defaultAudit) {
        self.clickCounts = clickCounts
        self.events = events
        self.audit = audit
    }

    /// The keys of the section, in order.
    public static let keys = ["clickCounts", "events", "audit"]

    /// A sentence for each value outside its range, by key, in order; empty when all are allowed.
    public var problems: [(key: String, message: String)] {
        zip(Self.keys, [clickCounts, events, audit]).compactMap { key, seconds in
            guard let seconds, let message = DeferredLinkSettings.rangeProblem(seconds, allowed: Self.allowed) else { return nil }
            return (key: key, message: message + " (or \(Self.forever))")
        }
    }

    /// How a value is written: `forever`, or a duration (`400d`).
    public static func text(_ seconds: TimeInterval?) -> String {
        seconds.map { DurationText(seconds: $0).description } ?? forever
    }
}
