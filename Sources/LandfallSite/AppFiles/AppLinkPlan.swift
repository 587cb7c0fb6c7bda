import AppSiteAssociation
import DeepLinkRouting

/// What one app must declare for the site's links to open it, derived from the same
/// configuration as the association files the server serves: the iOS entitlement's associated
/// domains, the Android intent filters of the app's activity, and the custom schemes.
///
/// Every app-side file Landfall writes (`landfall config entitlements`, `android-manifest`,
/// `expo`, `react-navigation`) is this plan in another form, so they cannot disagree with one
/// another or with the served files.
///
/// ```swift
/// let plan = try AppLinkPlan(for: "daily", in: site.configuration)
/// plan.associatedDomains.map(\.description)
/// // ["applinks:daily.example.com", "applinks:www.daily.example.com", "applinks:go.daily.example.com", ...]
/// plan.androidFilters[0].paths.map(\.pattern)
/// // ["/puzzle/today", "/puzzle/..*", "/invites/..*", "/news/..*"]
/// ```
public struct AppLinkPlan: Sendable, Equatable {
    /// The app the plan is for.
    public var app: AppConfiguration
    /// The entries of `com.apple.developer.associated-domains`, in order: `applinks:` for every
    /// host whose association file opens the app for some path, then `webcredentials:` for the site host and
    /// its aliases when the app shares passwords; `?mode=developer` on `hosts.development`.
    /// Empty when the app has no iOS app.
    public var associatedDomains: [AssociatedDomain]
    /// The intent filters links need on the app's activity (``AndroidApp/activity``): App Links
    /// filters first (verified, one per group of hosts with the same paths), then one for the
    /// custom schemes. Empty when the app has no Android app.
    public var androidFilters: [AndroidLinkFilter]
    /// Routes that stay closed for this app but that a generated path rule also covers, as
    /// sentences: on Android 14 and earlier they open the app (Android 15 reads the exclusion
    /// from the served `assetlinks.json`).
    public var androidNotes: [String]
    /// Every host the site serves association files on (``SiteHosts/servedHosts``): an
    /// app-side entry for one of them that the plan does not write is out of date, an entry
    /// for another host is the app's own business.
    public var siteHosts: [String]

    /// The plan for the app named `name`.
    ///
    /// - Throws: ``AppLinkPlanError`` when the configuration has no such app, or (with no name)
    ///   has several.
    public init(for name: String?, in configuration: SiteConfiguration) throws(AppLinkPlanError) {
        let app: AppConfiguration
        if let name {
            guard let named = configuration.app(named: name) else {
                throw AppLinkPlanError.unknownApp(name, known: configuration.apps.map(\.name))
            }
            app = named
        } else {
            guard configuration.apps.count == 1, let only = configuration.apps.first else {
                throw AppLinkPlanError.whichApp(known: configuration.apps.map(\.name))
            }
            app = only
        }
        self.init(app: app, in: configuration)
    }

    /// The plan for `app`, one of `configuration.apps`.
    public init(app: AppConfiguration, in configuration: SiteConfiguration) {
        self.app = app
        self.siteHosts = configuration.hosts.servedHosts
        self.associatedDomains = Self.associatedDomains(for: app, in: configuration)
        let android = Self.androidFilters(for: app, in: configuration)
        self.androidFilters = android.filters
        self.androidNotes = android.notes
    }

    /// The `applinks:` and `webcredentials:` entries for `app`.
    static func associatedDomains(for app: AppConfiguration, in configuration: SiteConfiguration) -> [AssociatedDomain] {
        guard let ios = app.ios else { return [] }
        let hosts = configuration.hosts
        // The site's hosts open the app when its detail there has a rule that is not an exclusion.
        let listedOnSite = AssociationGenerator.appleAssociation(for: configuration).appLinks?.details
            .contains { detail in
                detail.appIDs?.contains(ios.appID) == true && (detail.components ?? []).contains { $0.exclude != true }
            } ?? false
        var appLinksHosts: [String] = []
        for host in hosts.servedHosts {
            let listed = hosts.linkHost(named: host) != nil ? true : listedOnSite
            if listed { appLinksHosts.append(host) }
        }
        func mode(_ host: String) -> AssociatedDomain.Mode? {
            hosts.development.contains(host) ? .developer : nil
        }
        var domains = appLinksHosts.map { AssociatedDomain(service: .appLinks, host: $0, mode: mode($0)) }
        if ios.webCredentials {
            domains += ([hosts.site] + hosts.aliases).map { AssociatedDomain(service: .webCredentials, host: $0, mode: mode($0)) }
        }
        return domains
    }
}

/// Why a plan could not be made.
public enum AppLinkPlanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No app has the name asked for.
    case unknownApp(String, known: [String])
    /// The configuration has several apps and none was named.
    case whichApp(known: [String])

    /// A sentence naming the apps there are.
    public var description: String {
        switch self {
        case .unknownApp(let name, let known):
            "the configuration has no app named '\(name)'; its apps are " + known.joined(separator: ", ")
        case .whichApp(let known):
            "the configuration has \(known.count) apps (\(known.joined(separator: ", "))); name one with --app"
        }
    }
}
