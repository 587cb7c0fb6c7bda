import LandfallWebhooks

extension WebhookEventType {
    /// What an event of this type reports, in one line, beside its checkbox on the endpoint
    /// form (a `switch`, so that a new type cannot be added without its line).
    var meaning: String {
        switch self {
        case .linkCreated: "A short link was created (API, dashboard, command line or import)."
        case .linkUpdated: "A short link was changed, or enabled again."
        case .linkDisabled: "A short link was disabled: it answers 410 Gone."
        case .linkDeleted: "A short link was deleted."
        case .linkClicked: "People followed short links: a few seconds of clicks in one event."
        case .inviteRedeemed: "An invitation was redeemed."
        case .inviteExhausted: "An invitation's last use was redeemed."
        case .installAttributed: "An install claimed the link that brought it (a strong or weak match, and why)."
        case .appOpened: "The app reported that it was opened through a link (or its first launch)."
        case .settingsChanged: "The runtime settings changed, such as whether the app requires an invitation."
        case .webhookTest: "A test event, sent to one endpoint by “Send a test event”."
        }
    }
}
