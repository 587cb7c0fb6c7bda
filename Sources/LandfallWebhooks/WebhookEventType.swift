/// What a webhook event reports. Its raw value is the event's `type` in the JSON and in an
/// endpoint's subscription (`"events": ["link.created", "invite.redeemed"]`).
public enum WebhookEventType: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// A short link was created (by the API, the dashboard, the CLI or an import).
    case linkCreated = "link.created"
    /// A short link was changed, or enabled again.
    case linkUpdated = "link.updated"
    /// A short link was disabled: it now answers 410.
    case linkDisabled = "link.disabled"
    /// A short link was deleted.
    case linkDeleted = "link.deleted"
    /// People followed short links: one event per batch of clicks, at most one delivery per
    /// endpoint every few seconds.
    case linkClicked = "link.clicked"
    /// An invitation was redeemed.
    case inviteRedeemed = "invite.redeemed"
    /// An invitation's last use was redeemed.
    case inviteExhausted = "invite.exhausted"
    /// An install claimed the link that brought it (a deferred deep link), by a strong or weak match.
    case installAttributed = "install.attributed"
    /// The app reported that it was opened through a link (or its first launch).
    case appOpened = "app.opened"
    /// The runtime settings changed (for example whether the app requires an invitation).
    case settingsChanged = "settings.changed"
    /// A test event that `landfall webhooks test` and the dashboard send to one endpoint; no
    /// endpoint subscribes to it.
    case webhookTest = "webhook.test"

    /// The types an endpoint can subscribe to: all but ``webhookTest``.
    public static let subscribable: [WebhookEventType] = allCases.filter { $0 != .webhookTest }

    public static func < (lhs: WebhookEventType, rhs: WebhookEventType) -> Bool { lhs.rawValue < rhs.rawValue }
}
