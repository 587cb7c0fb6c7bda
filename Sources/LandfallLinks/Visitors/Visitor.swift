/// Who is asking for a short link: a link-preview crawler or a person's browser on some platform.
///
/// ``VisitorClassifier/classify(userAgent:)`` tells them apart from the `User-Agent` header.
///
/// ```swift
/// VisitorClassifier.classify(userAgent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)")
/// // .crawler(name: "Slack")
/// VisitorClassifier.classify(userAgent: nil)
/// // .browser(.desktop)
/// ```
public enum Visitor: Sendable, Hashable {
    /// A link-preview crawler or search engine (Messages, Slack, Facebook, X, …), named for logs
    /// and statistics: it gets the preview only, never a redirect, and is not counted as a click.
    case crawler(name: String)
    /// A person's browser (or an app's in-app browser) on ``ClickPlatform/ios``,
    /// ``ClickPlatform/android`` or ``ClickPlatform/desktop``.
    case browser(ClickPlatform)

    /// The platform a visit is recorded under: ``ClickPlatform/crawler`` for crawlers.
    public var platform: ClickPlatform {
        switch self {
        case .crawler: .crawler
        case .browser(let platform): platform
        }
    }

    /// Whether this is a link-preview crawler.
    public var isCrawler: Bool {
        if case .crawler = self { return true }
        return false
    }
}
