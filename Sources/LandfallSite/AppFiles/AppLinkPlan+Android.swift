import AppSiteAssociation
import DeepLinkRouting
import LandfallLinks

extension AppLinkPlan {
    /// The first `minSdk` at which parameters are written as exact `pathAdvancedPattern`s.
    public static let firstAdvancedPatternSDK = AndroidPatternKind.advancedGlob.firstAPILevel

    /// The intent filters of `app`'s activity, and the routes that stay closed but that a path
    /// rule covers.
    ///
    /// - The site host, its aliases and the interstitial host share one App Links filter whose
    ///   paths are the routes the app opens, one rule per expansion of their optional groups:
    ///   a pattern of literals is an exact `path`; with parameters it is a `pathAdvancedPattern`
    ///   (a parameter is `[^/]+`, a catch-all `.+`) from `minSdk` 26, and below that a
    ///   `pathPattern` (a parameter is `..*`, which Android's glob runs to the next `/`, or to
    ///   the end when it is last; so a last parameter also matches deeper paths, as the
    ///   association file's `?*` does). Paths are compared decoded and with case, as
    ///   `Uri.getPath()` gives them.
    /// - The link host has its own filter: a short link is one slug
    ///   (`/[-0-9A-Z_a-z]{3,64}`, or `/..*` below `minSdk` 26).
    /// - Exclusions (routes that stay on the web) cannot be written in a manifest: Android 15
    ///   reads them from the served `assetlinks.json`'s `dynamic_app_link_components`.
    /// - The custom schemes share one filter without `autoVerify`, host or path.
    static func androidFilters(for app: AppConfiguration, in configuration: SiteConfiguration)
        -> (filters: [AndroidLinkFilter], notes: [String]) {
        guard let android = app.android else { return ([], []) }
        let advanced = android.minSDK >= firstAdvancedPatternSDK
        let hosts = configuration.hosts
        let webSchemes = ["https"] + (configuration.routing.acceptsHTTP ? ["http"] : [])
        var filters: [AndroidLinkFilter] = []

        var rules: [AndroidPathRule] = []
        var closed: [SiteRoute] = []
        for route in configuration.routes {
            guard let pattern = try? RoutePattern(route.definition.pattern) else { continue }
            guard route.opensApp, configuration.apps(for: route).contains(where: { $0.name == app.name }) else {
                closed.append(route)
                continue
            }
            for expansion in pattern.expansions {
                let rule = pathRule(for: expansion, advanced: advanced)
                if let index = rules.firstIndex(where: { $0.kind == rule.kind && $0.pattern == rule.pattern }) {
                    if !rules[index].routes.contains(route.name) { rules[index].routes.append(route.name) }
                } else {
                    rules.append(AndroidPathRule(kind: rule.kind, pattern: rule.pattern, routes: [route.name]))
                }
            }
        }
        let siteHosts = [hosts.site] + hosts.aliases + [hosts.interstitial].compactMap { $0 }
        if !rules.isEmpty {
            filters.append(AndroidLinkFilter(
                autoVerify: true, schemes: webSchemes, hosts: siteHosts, paths: rules,
                comment: "App Links on \(siteHosts.joined(separator: ", ")): the routes \(app.name) opens"))
        }
        let links = hosts.linkHosts.map(\.name)
        if !links.isEmpty {
            let slugs = advanced
                ? AndroidPathRule(kind: .advancedGlob, pattern: "/[-0-9A-Z_a-z]{\(SlugPolicy.allowedLengths.lowerBound),\(SlugPolicy.allowedLengths.upperBound)}",
                                  routes: ["short links"])
                : AndroidPathRule(kind: .simpleGlob, pattern: "/..*", routes: ["short links"])
            filters.append(AndroidLinkFilter(autoVerify: true, schemes: webSchemes, hosts: links, paths: [slugs],
                                             comment: "App Links on \(links.joined(separator: ", ")): short links"))
        }
        if !configuration.schemes.isEmpty {
            filters.append(AndroidLinkFilter(
                autoVerify: false, schemes: configuration.schemes, hosts: [], paths: [],
                comment: "Custom schemes (not verified: any app can claim them)"))
        }

        var notes: [String] = []
        for route in closed {
            for example in route.definition.examples {
                guard let url = try? LinkURL(parsing: example), siteHosts.contains(url.host.lowercased()) else { continue }
                let path = url.androidPath
                let covering = rules.filter { rule in
                    (try? AndroidPattern(rule.pattern, kind: rule.kind))?.matches(path) == true
                }
                guard let rule = covering.first else { continue }
                notes.append("\(example) (route \(route.name)) stays closed, but the rule for \(rule.routes.joined(separator: ", ")) "
                             + "(\(rule.kind.pathAttribute) \(rule.pattern)) covers it: Android 14 and earlier open the app for it; "
                             + "Android 15 keeps it closed, reading the exclusion from the served assetlinks.json")
            }
        }
        return (filters, notes)
    }

    /// The rule for one expansion of a route's pattern.
    static func pathRule(for expansion: [PatternSegment], advanced: Bool) -> (kind: AndroidPatternKind, pattern: String) {
        if expansion.allSatisfy({ if case .literal = $0 { true } else { false } }) {
            let path = expansion.map { segment -> String in
                if case .literal(let text) = segment { return "/" + text }
                return ""
            }.joined()
            return (.literal, path.isEmpty ? "/" : path)
        }
        var pattern = ""
        for segment in expansion {
            pattern += "/"
            switch segment {
            case .literal(let text):
                pattern += advanced ? AndroidPattern.advancedGlobLiteral(text) : AndroidPattern.simpleGlobLiteral(text)
            case .parameter:
                pattern += advanced ? "[^/]+" : "..*"
            case .catchAll:
                pattern += advanced ? ".+" : "..*"
            }
        }
        return (advanced ? .advancedGlob : .simpleGlob, pattern)
    }
}
