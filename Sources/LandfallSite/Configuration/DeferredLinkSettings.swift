import Foundation

/// The `deferredLinks:` section of `landfall.yml`: how long a pending claim (the link someone
/// followed before installing the app) waits for the app's first launch.
///
/// ```yaml
/// deferredLinks:
///   weakMatchWindow: 1h   # 1m...24h: how old a pending claim may be for a weak match
///   claimLifetime: 7d     # 1h...30d: after that a pending claim expires and is purged
/// ```
///
/// Durations are written `90s`, `30m`, `1h`, `7d` or as a bare number of seconds
/// (``DurationText``). Every key has a default, and so the section is optional. The reader
/// refuses a value outside its range; so does ``Site/init(_:)`` for a configuration made in
/// code.
public struct DeferredLinkSettings: Sendable, Hashable {
    /// How old a pending claim may be, in seconds, for an app that claims with device hints
    /// only (a weak match) to be given it; ``defaultWeakMatchWindow`` unless set.
    public var weakMatchWindow: TimeInterval
    /// How long, in seconds, a pending claim can be claimed; after that it expires and is
    /// purged. ``defaultClaimLifetime`` unless set.
    public var claimLifetime: TimeInterval

    /// One hour.
    public static let defaultWeakMatchWindow: TimeInterval = 3_600
    /// Seven days.
    public static let defaultClaimLifetime: TimeInterval = 604_800
    /// From one minute to one day.
    public static let allowedWeakMatchWindows: ClosedRange<TimeInterval> = 60...86_400
    /// From one hour to thirty days.
    public static let allowedClaimLifetimes: ClosedRange<TimeInterval> = 3_600...2_592_000

    /// Creates settings; the defaults are those of a site without a `deferredLinks:` section.
    public init(weakMatchWindow: TimeInterval = DeferredLinkSettings.defaultWeakMatchWindow,
                claimLifetime: TimeInterval = DeferredLinkSettings.defaultClaimLifetime) {
        self.weakMatchWindow = weakMatchWindow
        self.claimLifetime = claimLifetime
    }

    /// A sentence for each value outside its range, by key (`weakMatchWindow`,
    /// `claimLifetime`), in that order; empty when both are allowed.
    public var problems: [(key: String, message: String)] {
        var problems: [(key: String, message: String)] = []
        if let message = Self.rangeProblem(weakMatchWindow, allowed: Self.allowedWeakMatchWindows) {
            problems.append((key: "weakMatchWindow", message: message))
        }
        if let message = Self.rangeProblem(claimLifetime, allowed: Self.allowedClaimLifetimes) {
            problems.append((key: "claimLifetime", message: message))
        }
        return problems
    }

    /// `30s is out of range; expected 1m...24h`, or `nil` when `seconds` is in `allowed`.
    static func rangeProblem(_ seconds: TimeInterval, allowed: ClosedRange<TimeInterval>) -> String? {
        guard !allowed.contains(seconds) else { return nil }
        return "\(DurationText(seconds: seconds)) is out of range; expected \(DurationText(seconds: allowed.lowerBound))...\(DurationText(seconds: allowed.upperBound))"
    }
}
