/// One entry of `applinks.details`: the apps it applies to and the rules, in order.
public struct AppLinkDetail: Sendable, Equatable {
    /// `appIDs` (iOS 13+). When present, even empty, `appID` is ignored.
    public var appIDs: [String]?
    /// `appID`, the legacy single app ID (or the key, in a file whose details are keyed by app ID).
    public var appID: String?
    /// Settings and default pattern keys for this detail's components (iOS 14+).
    public var defaults: ComponentRule?
    /// `components` (iOS 13+): the modern rules. When present, `paths` is ignored.
    public var components: [ComponentRule]?
    /// `paths`: the legacy rules, each a path pattern, or `NOT ` and a pattern to exclude.
    public var paths: [String]?

    /// Creates a detail.
    public init(
        appIDs: [String]? = nil,
        appID: String? = nil,
        defaults: ComponentRule? = nil,
        components: [ComponentRule]? = nil,
        paths: [String]? = nil
    ) {
        self.appIDs = appIDs
        self.appID = appID
        self.defaults = defaults
        self.components = components
        self.paths = paths
    }

    /// The app IDs iOS reads from this detail: `appIDs` when present, else `appID`.
    public var effectiveAppIDs: [String] {
        if let appIDs { return appIDs }
        if let appID { return [appID] }
        return []
    }

    /// The rules iOS evaluates, in order: `components` when present, else `paths` read as rules.
    public var effectiveRules: [ComponentRule] {
        if let components { return components }
        return (paths ?? []).map(ComponentRule.init(legacyPath:))
    }

    /// True when iOS uses the legacy `paths` of this detail (there are no `components`).
    public var usesLegacyPaths: Bool { components == nil && paths != nil }
}
