import LandfallWebhooks

extension WebhookEventType {
    /// What an event of this type reports, in one line, for `--help` (a `switch`, so that a
    /// new type cannot be added without its line).
    var summary: String {
        switch self {
        case .linkCreated: "a short link was created (API, dashboard, CLI or import)"
        case .linkUpdated: "a short link was changed, or enabled again"
        case .linkDisabled: "a short link was disabled (it answers 410 Gone)"
        case .linkDeleted: "a short link was deleted"
        case .linkClicked: "people followed short links: the clicks of a few seconds in one event per endpoint"
        case .inviteRedeemed: "an invitation was redeemed"
        case .inviteExhausted: "an invitation's last use was redeemed"
        case .installAttributed: "an install claimed the link that brought it (strong or weak match, and why)"
        case .appOpened: "the app reported that it was opened through a link (or its first launch)"
        case .settingsChanged: "the runtime settings changed (with the previous ones)"
        case .webhookTest: "a test event, sent only by `landfall webhooks test ID` (not subscribable)"
        }
    }
}
