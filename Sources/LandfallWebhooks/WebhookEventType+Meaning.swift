extension WebhookEventType {
    /// What an event of this type reports, in one line of at most 58 characters (it fits
    /// `--help`'s 80 columns after the indented name), as the CLI's help and the dashboard's
    /// endpoint form say it; a `switch`, so that a new type cannot be added without its line.
    public var meaning: String {
        switch self {
        case .linkCreated: "a short link was created (API, dashboard, CLI or import)"
        case .linkUpdated: "a short link was changed, or enabled again"
        case .linkDisabled: "a short link was disabled (it answers 410 Gone)"
        case .linkDeleted: "a short link was deleted"
        case .linkClicked: "people followed short links (a few seconds of clicks each)"
        case .inviteRedeemed: "an invitation was redeemed"
        case .inviteExhausted: "an invitation's last use was redeemed"
        case .installAttributed: "an install claimed its link (a strong or weak match, why)"
        case .appOpened: "the app was opened through a link (or launched first)"
        case .settingsChanged: "the runtime settings changed (with the previous ones)"
        case .webhookTest: "a test sent to one endpoint on request (no subscription)"
        }
    }
}
