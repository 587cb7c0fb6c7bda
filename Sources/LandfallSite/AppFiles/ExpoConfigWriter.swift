import AppSiteAssociation
import LandfallJSON

/// The part of an Expo `app.json` that makes the site's links open the app, written from an
/// ``AppLinkPlan``: the custom `scheme`, `ios.associatedDomains` and `android.intentFilters`.
///
/// Expo's config plugin writes each intent filter into the Android manifest at prebuild: the
/// `action` becomes `android.intent.action.ACTION`, each `category` an
/// `android.intent.category.CATEGORY`, `autoVerify` the filter's `android:autoVerify`, and each
/// `data` object one `<data>` element whose keys become `android:KEY` attributes, copied as they
/// are. So the `data` objects here are one per scheme, one per host and one per path rule, exactly
/// the `<data>` elements `landfall config android-manifest` writes, and a path's value is the
/// attribute text aapt reads (`AndroidPattern/manifestAttributeValue(_:)`: a literal `\` is `\\`).
///
/// ```swift
/// let plan = try AppLinkPlan(for: "daily", in: site.configuration)
/// print(ExpoConfigWriter.text(for: plan, configuration: site.configuration))
/// // {
/// //   "expo": {
/// //     "scheme": "dailypuzzle",
/// //     "ios": {
/// //       "associatedDomains": [
/// //         "applinks:daily.example.com",
/// // ...
/// ```
public enum ExpoConfigWriter {
    /// `{"expo": {"scheme": ..., "ios": {"associatedDomains": [...]}, "android": {"intentFilters": [...]}}}`.
    ///
    /// `scheme` is the site's first custom scheme (left out when it has none); `ios` only when the
    /// app has an iOS app, `android` only when it has an Android app.
    public static func fragment(for plan: AppLinkPlan, configuration: SiteConfiguration) -> JSONValue {
        .object([("expo", config(for: plan, configuration: configuration))])
    }

    /// ``fragment(for:configuration:)`` as pretty JSON with two-space indentation and a final newline.
    public static func text(for plan: AppLinkPlan, configuration: SiteConfiguration) -> String {
        JSONWriter.pretty.string(for: fragment(for: plan, configuration: configuration))
    }

    /// The members under `expo`.
    static func config(for plan: AppLinkPlan, configuration: SiteConfiguration) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let scheme = configuration.schemes.first { members.append(("scheme", .string(scheme))) }
        if plan.app.ios != nil {
            members.append(("ios", .object([("associatedDomains", .array(plan.associatedDomains.map { .string($0.description) }))])))
        }
        if plan.app.android != nil {
            members.append(("android", .object([("intentFilters", .array(plan.androidFilters.map(intentFilter)))])))
        }
        return .object(members)
    }

    /// One filter in Expo's shape: `action`, `autoVerify` (App Links filters only), `data`, `category`.
    static func intentFilter(_ filter: AndroidLinkFilter) -> JSONValue {
        var members: [(String, JSONValue)] = [("action", .string("VIEW"))]
        if filter.autoVerify { members.append(("autoVerify", .bool(true))) }
        var data: [JSONValue] = filter.schemes.map { .object([("scheme", .string(AndroidPattern.manifestAttributeValue($0)))]) }
        data += filter.hosts.map { .object([("host", .string(AndroidPattern.manifestAttributeValue($0)))]) }
        data += filter.paths.map { rule in
            .object([(rule.kind.pathAttribute, .string(AndroidPattern.manifestAttributeValue(rule.pattern)))])
        }
        members.append(("data", .array(data)))
        members.append(("category", .array([.string("BROWSABLE"), .string("DEFAULT")])))
        return .object(members)
    }
}
