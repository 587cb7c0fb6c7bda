/// Answers "which activity opens this link?" for an app's manifest, the way Android resolves a
/// link tapped in a browser: an `ACTION_VIEW` intent with the category BROWSABLE (and DEFAULT,
/// which `startActivity` adds), the URL as data and no MIME type.
///
/// The rules, as `IntentFilter.match` applies them (see <doc:HowAndroidOpensLinks>):
/// - The filter's actions must include VIEW and its categories BROWSABLE and DEFAULT; a filter
///   with a `mimeType` never matches a link (a link has no type).
/// - Schemes compare exactly: browsers lower-case a link's scheme, so `HTTPS` in a manifest
///   matches nothing. A filter with no scheme matches no link.
/// - Hosts compare ignoring case; a leading `*` makes the rest a suffix (`*.example.com`
///   matches `a.example.com`, not `example.com`; `*` matches every host). `android:port` must
///   equal the link's explicit port. A filter with a scheme and no host matches every link with
///   that scheme, whatever its path.
/// - With hosts and no path rules, every path matches; otherwise the percent-decoded path (`/`
///   for an empty one) must match one rule, or (Android 15 and later) the first
///   `<uri-relative-filter-group>` whose rules all match decides.
/// - An http(s) link opens the app directly only when its host is declared by an
///   `android:autoVerify="true"` filter and verified: with ``assetLinks`` given, the file the
///   verification host serves must grant the package (and on Android 15 its
///   `dynamic_app_link_components` must allow the link, decided by ``AssetLinksMatcher``).
///   Otherwise Android 12 and later open the browser.
///
/// The first filter (document order across activities) that makes an App Link wins; then the
/// first that opens the app through a custom scheme; otherwise the decision reports the most
/// useful near miss.
///
/// ```swift
/// let matcher = AndroidIntentMatcher(manifest)
/// let decision = matcher.decision(for: try LinkURL(parsing: "https://example.com/puzzle/today"))
/// decision.opens      // true
/// decision.activity   // ".MainActivity"
/// decision.reason     // .appLink
/// ```
public struct AndroidIntentMatcher: Sendable {
    /// The manifest decided for.
    public let manifest: AndroidManifest
    /// The `assetlinks.json` each host serves (`nil`: none), or `nil` to assume every declared
    /// autoVerify host is verified.
    public let assetLinks: (@Sendable (String) -> AssetLinksFile?)?
    /// The package the served files must grant (the application ID).
    public let packageName: String?
    /// The app's signing certificate fingerprint (SHA-256), when the served files must list it.
    public let certificateFingerprint: String?
    /// The Android version modelled (15 by default): before 12 unverified links show a chooser,
    /// before 15 `<uri-relative-filter-group>` and dynamic components are ignored.
    public let androidVersion: Int

    /// The first Android version that opens unverified web links in the browser: 12.
    public static let firstVersionWithStrictVerification = 12
    /// The first Android version that reads `<uri-relative-filter-group>`: 15.
    public static let firstVersionWithRelativeFilterGroups = 15

    /// Creates a matcher.
    ///
    /// - Parameters:
    ///   - manifest: the app's manifest, whose activities' intent filters are matched.
    ///   - assetLinks: the `assetlinks.json` each host serves (the host is lower-case, a
    ///     wildcard's base host for `*.example.com`); `nil` assumes every autoVerify host verifies.
    ///   - packageName: the package the served files must grant; defaults to the manifest's `package`.
    ///   - certificateFingerprint: when given, the served statements must list it.
    ///   - androidVersion: the Android version to model.
    public init(_ manifest: AndroidManifest, assetLinks: (@Sendable (String) -> AssetLinksFile?)? = nil,
                packageName: String? = nil, certificateFingerprint: String? = nil, androidVersion: Int = 15) {
        self.manifest = manifest
        self.assetLinks = assetLinks
        self.packageName = packageName ?? manifest.package
        self.certificateFingerprint = certificateFingerprint
        self.androidVersion = androidVersion
    }

    /// Schemes a browser handles itself: a link with one of them never becomes a VIEW intent for an app.
    public static let browserSchemes: Set<String> = ["about", "blob", "chrome", "content", "data", "file", "filesystem", "intent", "javascript"]

    /// What Android does with `url` tapped in a browser.
    public func decision(for url: LinkURL) -> AndroidIntentDecision {
        if Self.browserSchemes.contains(url.scheme) {
            return AndroidIntentDecision(url: url.text, opens: false, activity: nil, filterLine: nil, reason: .notWebOrCustom,
                                         summary: "does not open the app: a browser handles \(url.scheme): URLs itself, they are neither web links nor custom-scheme links",
                                         steps: [])
        }
        let link = Link(url)
        var steps: [String] = []
        var opening: Outcome?
        var nearMiss: Outcome?
        for activity in manifest.activities {
            for filter in activity.intentFilters {
                let outcome = evaluate(filter, of: activity, link)
                steps.append("filter at line \(filter.line) (\(activity.displayName)): \(outcome.detail)")
                if outcome.reason == .appLink {
                    return outcome.decision(url, steps: steps)
                }
                if outcome.opens {
                    if opening == nil { opening = outcome }
                } else if nearMiss.map({ outcome.rank > $0.rank }) ?? true {
                    nearMiss = outcome
                }
            }
        }
        if let opening { return opening.decision(url, steps: steps) }
        if let nearMiss, nearMiss.reason != .noFilterMatches { return nearMiss.decision(url, steps: steps) }
        let summary = manifest.activities.contains { !$0.intentFilters.isEmpty }
            ? "does not open the app: no intent filter matches \(url.text)"
            : "does not open the app: the manifest has no intent filters"
        return AndroidIntentDecision(url: url.text, opens: false, activity: nil, filterLine: nil, reason: .noFilterMatches,
                                     summary: summary, steps: steps)
    }

    /// Parses `url` and decides. See ``decision(for:)-(LinkURL)``.
    ///
    /// - Throws: ``LinkURL/ParseError`` when `url` is not a URL with a scheme and a host.
    public func decision(for url: String) throws(LinkURL.ParseError) -> AndroidIntentDecision {
        decision(for: try LinkURL(parsing: url))
    }
}

extension AndroidActivity {
    /// The name as reports show it (`.MainActivity`, or `.Alias (alias of .MainActivity)`).
    var displayName: String {
        let name = name.isEmpty ? "(unnamed activity)" : name
        return isAlias ? "\(name), alias of \(targetActivity ?? "?")" : name
    }
}
