/// The kind of visitor a click is counted under.
public enum ClickPlatform: String, Sendable, Hashable, Codable, CaseIterable {
    /// A browser on an iPhone, iPad or iPod touch.
    case ios
    /// A browser on Android.
    case android
    /// Any other browser (counted as desktop).
    case desktop
    /// A link-preview crawler (Messages, Slack, …): counted apart from people's clicks.
    case crawler
}
