import AppSiteAssociation
import DeepLinkRouting

/// Generates a site's `apple-app-site-association` and `assetlinks.json` from its routes.
///
/// For each app, the rules are, in order: the configuration's extra components (iOS only),
/// an exclusion for every route that does not open the app, then a rule for every route the
/// app opens. Exclusions come first because the first matching rule decides. A generated rule
/// that an earlier generated rule with the same effect already covers is left out (it could
/// never decide: `/puzzle/?*/hint` after `/puzzle/?*`). Apps with the same rules share one
/// `details` entry. Apps with `webCredentials: true` are listed under `webcredentials`.
///
/// Android gets one statement per app, with the same rules as Android 15's
/// `dynamic_app_link_components`, literals percent-encoded as a URL carries them (Android
/// compares the URL as written), and case-insensitive routes written as they are spelt
/// (Android has no such switch).
public enum AssociationGenerator {
    /// The association file for the configuration's iOS apps.
    public static func appleAssociation(for configuration: SiteConfiguration) -> AssociationFile {
        var details: [AppLinkDetail] = []
        for app in configuration.apps {
            guard let ios = app.ios else { continue }
            let rules = configuration.associations.extraComponents.map(\.rule) + routeRules(for: app, in: configuration)
            if let index = details.firstIndex(where: { $0.components == rules }) {
                details[index].appIDs?.append(ios.appID)
            } else {
                details.append(AppLinkDetail(appIDs: [ios.appID], components: rules))
            }
        }
        let sharing = configuration.apps.compactMap { app in app.ios.flatMap { $0.webCredentials ? $0.appID : nil } }
        return AssociationFile(appLinks: AppLinksService(details: details),
                               webCredentials: sharing.isEmpty ? nil : AppsService(apps: sharing))
    }

    /// The Digital Asset Links file for the configuration's Android apps.
    public static func assetLinks(for configuration: SiteConfiguration) -> AssetLinksFile {
        var statements: [AssetLinkStatement] = []
        for app in configuration.apps {
            guard let android = app.android else { continue }
            let components = routeRules(for: app, in: configuration, android: true).map { rule in
                DynamicAppLinkComponent(path: rule.path, exclude: rule.exclude, comments: rule.comment)
            }
            statements.append(.appLinks(packageName: android.package, sha256CertFingerprints: android.sha256Fingerprints,
                                        dynamicAppLinkComponents: components))
        }
        return AssetLinksFile(statements: statements)
    }

    /// The rules generated from the routes for one app: exclusions, then the routes it opens,
    /// without the rules an earlier one of the same kind covers. In `android` form, literals
    /// are percent-encoded and every rule compares case (Android has no switch for either).
    static func routeRules(for app: AppConfiguration, in configuration: SiteConfiguration,
                           android: Bool = false) -> [ComponentRule] {
        var exclusions: [ComponentRule] = []
        var inclusions: [ComponentRule] = []
        for route in configuration.routes {
            guard let pattern = try? RoutePattern(route.definition.pattern) else { continue }
            let caseSensitive = android || (route.definition.caseSensitive ?? configuration.routing.caseSensitive)
            if !route.opensApp {
                exclusions += AssociationPaths.rules(for: pattern, caseSensitive: caseSensitive, exclude: true,
                                                     comment: "\(route.name): stays on the web", encodingLiterals: android)
            } else if configuration.apps(for: route).contains(where: { $0.name == app.name }) {
                inclusions += AssociationPaths.rules(for: pattern, caseSensitive: caseSensitive, comment: route.name,
                                                     encodingLiterals: android)
            }
        }
        return withoutCoveredRules(exclusions) + withoutCoveredRules(inclusions)
    }

    /// `rules` without those an earlier rule covers: the linters rightly report such a rule
    /// as never reached, and it changes nothing.
    private static func withoutCoveredRules(_ rules: [ComponentRule]) -> [ComponentRule] {
        UncoveredRules(rules).rules
    }
}
