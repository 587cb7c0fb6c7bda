/// What Android does with one link tapped in a browser, for one app's manifest: which activity
/// opens it (or that none does, and why), the filter that decided, one sentence, and every
/// filter tried on the way.
///
/// ```
/// does not open the app: the link matches the filter at line 14 of .MainActivity, but example.com's assetlinks.json does not grant com.example.app (no statement names it as an android_app target)
/// filter at line 8 (.MainActivity): scheme myapp is not https
/// filter at line 14 (.MainActivity): matches; verified at example.com: does not open com.example.app: ...
/// ```
public struct AndroidIntentDecision: Sendable, Hashable, CustomStringConvertible {
    /// Why the decision is what it is.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// A verified http(s) filter matched: the app opens directly (an App Link).
        case appLink = "app_link"
        /// A filter with the link's custom scheme matched: the app opens.
        case customScheme = "custom_scheme"
        /// No filter matches the link's scheme, host, port and path.
        case noFilterMatches = "no_filter_matches"
        /// An http(s) link matched only filters whose host no autoVerify filter declares: Android
        /// 12 and later open the browser (earlier versions show the chooser).
        case notVerified = "not_verified"
        /// The host's `assetlinks.json` does not grant the package (or none is served).
        case hostNotVerified = "host_not_verified"
        /// Android 15: a `dynamic_app_link_components` rule with `exclude` matched first.
        case excludedByServedRules = "excluded_by_served_rules"
        /// Android 15: the served `dynamic_app_link_components` allow no rule for the link.
        case noServedRuleMatched = "no_served_rule_matched"
        /// The filter matched, but its activity is `android:exported="false"`.
        case activityNotExported = "activity_not_exported"
        /// The link's data matched, but the filter lacks the VIEW action or the BROWSABLE or DEFAULT category.
        case missingCategory = "missing_category"
        /// The link's scheme is one a browser handles itself (`file`, `content`, `intent`, `javascript`, ...).
        case notWebOrCustom = "not_web_or_custom"
    }

    /// The URL decided.
    public var url: String
    /// Whether the app opens (directly, without the browser or a chooser).
    public var opens: Bool
    /// The `android:name` of the activity that opens it, or of the near miss's activity.
    public var activity: String?
    /// The line of the intent filter that decided, when one did.
    public var filterLine: Int?
    /// Why.
    public var reason: Reason
    /// One sentence saying what happens and why.
    public var summary: String
    /// Each filter tried, in order, with whether and why it matched.
    public var steps: [String]

    /// Creates a decision.
    public init(url: String, opens: Bool, activity: String?, filterLine: Int?, reason: Reason, summary: String, steps: [String]) {
        self.url = url
        self.opens = opens
        self.activity = activity
        self.filterLine = filterLine
        self.reason = reason
        self.summary = summary
        self.steps = steps
    }

    /// The summary and one line per filter tried.
    public var lines: [String] { [summary] + steps }

    /// ``lines``, one per line.
    public var description: String { lines.joined(separator: "\n") }
}
