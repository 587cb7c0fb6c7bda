import AppSiteAssociation

/// One `<intent-filter>` an app's activity needs for links: an App Links filter
/// (`android:autoVerify="true"`, https, the site's hosts and the routes' paths) or a
/// custom-scheme filter (not verified, any host and path).
///
/// Every filter has the action `android.intent.action.VIEW` and the categories `DEFAULT` and
/// `BROWSABLE`, which a link opened from a browser needs.
public struct AndroidLinkFilter: Sendable, Hashable {
    /// Whether Android verifies the hosts against their `assetlinks.json` (App Links).
    public var autoVerify: Bool
    /// The schemes, such as `https` or a custom scheme.
    public var schemes: [String]
    /// The hosts; empty for a custom-scheme filter (any host).
    public var hosts: [String]
    /// The path rules; empty means every path.
    public var paths: [AndroidPathRule]
    /// What the filter is for, written above it as a comment.
    public var comment: String

    /// Creates a filter.
    public init(autoVerify: Bool, schemes: [String], hosts: [String], paths: [AndroidPathRule], comment: String) {
        self.autoVerify = autoVerify
        self.schemes = schemes
        self.hosts = hosts
        self.paths = paths
        self.comment = comment
    }
}

/// One path rule of an intent filter: a pattern of one of `AndroidPatternKind`'s types, and
/// the routes it stands for.
public struct AndroidPathRule: Sendable, Hashable {
    /// How Android compares it (which `<data>` attribute declares it).
    public var kind: AndroidPatternKind
    /// The pattern as Android's `PatternMatcher` receives it (before the manifest's own
    /// escaping: `AndroidPattern.manifestAttributeValue` gives the attribute's text).
    public var pattern: String
    /// The names of the routes the rule stands for.
    public var routes: [String]

    /// Creates a rule.
    public init(kind: AndroidPatternKind, pattern: String, routes: [String]) {
        self.kind = kind
        self.pattern = pattern
        self.routes = routes
    }
}
