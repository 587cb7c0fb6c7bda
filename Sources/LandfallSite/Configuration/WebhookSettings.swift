import Foundation

/// The `webhooks:` section of `landfall.yml`: where webhooks may be sent, how long their
/// deliveries are kept, and when an endpoint that keeps failing is disabled.
///
/// ```yaml
/// webhooks:
///   allowPrivateNetworks: false   # true: endpoints may be on loopback and private networks, over http too
///   keepDeliveries: 30d           # 1d...365d: delivered and failed deliveries are deleted after that
///   disableFailingAfter: 5d       # 1h...30d: an endpoint whose every delivery failed this long is disabled
/// ```
///
/// Every key has a default, and so the section is optional. The reader refuses a value
/// outside its range; so does ``Site/init(_:)`` for a configuration made in code.
public struct WebhookSettings: Sendable, Hashable {
    /// Whether endpoints may be on loopback, private, link-local or metadata addresses (and then
    /// over plain http too): for a receiver on the same machine or network. `false` unless set;
    /// the demo sets it, so a receiver on 127.0.0.1 works.
    public var allowPrivateNetworks: Bool
    /// How long, in seconds, delivered and failed deliveries (and their attempts) are kept.
    public var keepDeliveries: TimeInterval
    /// How long, in seconds, every delivery to an endpoint may fail before it is disabled.
    public var disableFailingAfter: TimeInterval

    /// Thirty days.
    public static let defaultKeepDeliveries: TimeInterval = 2_592_000
    /// Five days.
    public static let defaultDisableFailingAfter: TimeInterval = 432_000
    /// From one day to a year.
    public static let allowedKeepDeliveries: ClosedRange<TimeInterval> = 86_400...31_536_000
    /// From one hour to thirty days.
    public static let allowedDisableFailingAfter: ClosedRange<TimeInterval> = 3_600...2_592_000

    /// Creates settings; the defaults are those of a site without a `webhooks:` section.
    public init(allowPrivateNetworks: Bool = false, keepDeliveries: TimeInterval = WebhookSettings.defaultKeepDeliveries,
                disableFailingAfter: TimeInterval = WebhookSettings.defaultDisableFailingAfter) {
        self.allowPrivateNetworks = allowPrivateNetworks
        self.keepDeliveries = keepDeliveries
        self.disableFailingAfter = disableFailingAfter
    }

    /// A sentence for each value outside its range, by key, in order; empty when all are allowed.
    public var problems: [(key: String, message: String)] {
        var problems: [(key: String, message: String)] = []
        if let message = DeferredLinkSettings.rangeProblem(keepDeliveries, allowed: Self.allowedKeepDeliveries) {
            problems.append((key: "keepDeliveries", message: message))
        }
        if let message = DeferredLinkSettings.rangeProblem(disableFailingAfter, allowed: Self.allowedDisableFailingAfter) {
            problems.append((key: "disableFailingAfter", message: message))
        }
        return problems
    }
}
