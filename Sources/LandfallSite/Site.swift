import AppSiteAssociation
import DeepLinkRouting
import Foundation

/// A checked site configuration with everything derived from it: the router over its routes
/// and the association files, encoded once.
///
/// Two pairs of association files are made: the site's, served on the site host, its
/// aliases and the interstitial host, and the link host's, which claims every short link
/// (``linksAppleAssociation``). ``appleAssociationJSON(for:)`` and ``assetLinksJSON(for:)``
/// pick the one a host serves.
///
/// ```swift
/// let site = try Site(configuration)
/// site.router.route("https://daily.example.com/puzzle/2025-10-25") // .matched(puzzle)
/// site.appleAssociationJSON                                      // served as is
/// site.appleAssociationJSON(for: .links)                         // the link host's
/// ```
public struct Site: Sendable {
    /// The configuration.
    public let configuration: SiteConfiguration
    /// The router over the configuration's route table.
    public let router: Router
    /// The generated `apple-app-site-association`.
    public let appleAssociation: AssociationFile
    /// The generated `assetlinks.json`.
    public let assetLinks: AssetLinksFile
    /// ``appleAssociation`` encoded, as served.
    public let appleAssociationJSON: String
    /// ``assetLinks`` encoded, as served.
    public let assetLinksJSON: String
    /// The configuration's routes by name.
    public let routesByName: [String: SiteRoute]
    /// The `apple-app-site-association` of the link host: every path is a short link that
    /// opens the app, except the reserved slug words (``AssociationGenerator/linksAppleAssociation(for:)``).
    /// Made whether or not the site has a link host; served only on it.
    public let linksAppleAssociation: AssociationFile
    /// The `assetlinks.json` of the link host (``AssociationGenerator/linksAssetLinks(for:)``).
    public let linksAssetLinks: AssetLinksFile
    /// ``linksAppleAssociation`` encoded, as served.
    public let linksAppleAssociationJSON: String
    /// ``linksAssetLinks`` encoded, as served.
    public let linksAssetLinksJSON: String

    /// Builds the site.
    ///
    /// - Throws: ``SiteConfigurationError`` listing every problem the checks on the whole
    ///   site find (without lines: the configuration was not read from a file).
    public init(_ configuration: SiteConfiguration) throws(SiteConfigurationError) {
        let (site, problems) = Self.build(configuration)
        guard let site, !problems.contains(where: { $0.severity == .error }) else {
            throw SiteConfigurationError(source: nil, issues: problems.map { $0.issue(line: nil, column: nil) })
        }
        self = site
    }

    private init(configuration: SiteConfiguration, router: Router) {
        self.configuration = configuration
        self.router = router
        self.appleAssociation = AssociationGenerator.appleAssociation(for: configuration)
        self.assetLinks = AssociationGenerator.assetLinks(for: configuration)
        self.appleAssociationJSON = appleAssociation.encoded(style: .pretty)
        self.assetLinksJSON = assetLinks.encoded(style: .pretty)
        self.routesByName = Dictionary(configuration.routes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.linksAppleAssociation = AssociationGenerator.linksAppleAssociation(for: configuration)
        self.linksAssetLinks = AssociationGenerator.linksAssetLinks(for: configuration)
        self.linksAppleAssociationJSON = linksAppleAssociation.encoded(style: .pretty)
        self.linksAssetLinksJSON = linksAssetLinks.encoded(style: .pretty)
    }

    /// The `apple-app-site-association` a host with `role` serves: ``linksAppleAssociationJSON``
    /// on the link host (or a development name standing for it), ``appleAssociationJSON`` on
    /// every other host.
    public func appleAssociationJSON(for role: HostRole) -> String {
        role.served == .links ? linksAppleAssociationJSON : appleAssociationJSON
    }

    /// The `assetlinks.json` a host with `role` serves: ``linksAssetLinksJSON`` on the link
    /// host (or a development name standing for it), ``assetLinksJSON`` on every other host.
    public func assetLinksJSON(for role: HostRole) -> String {
        role.served == .links ? linksAssetLinksJSON : assetLinksJSON
    }

    /// The `assetlinks.json` the site serves on `host` (a name without its port, a
    /// development name included): the link host's there, the site's on its other hosts, and
    /// `nil` on the admin host and on a host the site does not answer on.
    ///
    /// ```swift
    /// site.assetLinks(servedOn: "go.daily.example.com")    // linksAssetLinks
    /// site.assetLinks(servedOn: "admin.daily.example.com") // nil
    /// ```
    public func assetLinks(servedOn host: String) -> AssetLinksFile? {
        guard let role = configuration.hosts.role(of: host)?.served, role != .admin else { return nil }
        return role == .links ? linksAssetLinks : assetLinks
    }

    /// Paths the server answers itself, which no route may claim.
    public static let reservedPaths = [
        "/.well-known/apple-app-site-association", "/.well-known/assetlinks.json", "/apple-app-site-association",
        "/health", "/ready", "/metrics", "/sitemap.xml", "/robots.txt", "/v1/links", "/v1/resolve",
    ]

    /// Paths the server answers itself on the site host only, which no route may claim either:
    /// one under ``staticPathPrefix`` and one under `/bridge/` (the bridge pages for email).
    public static let siteHostPaths = ["/static/icon.png", "/bridge/invites/ABCDE"]

    /// Where the site's own files (its `static/` folder) are served on the site host: every path
    /// under it is the server's.
    public static let staticPathPrefix = "/static/"

    /// Builds the site and checks what can only be checked on the whole: the router builds,
    /// no route claims a reserved path, the generated files pass the strict linters, and
    /// every route's example opens its route in the router and its apps in the association
    /// files (or, for a route that stays on the web, opens no app).
    static func build(_ configuration: SiteConfiguration) -> (Site?, [SiteProblem]) {
        let router: Router
        do {
            router = try Router(table: configuration.routeTable)
        } catch {
            return (nil, [SiteProblem(.error, place: error.routeIndex.map { .route($0) } ?? .routes, message: error.message)])
        }
        let site = Site(configuration: configuration, router: router)
        var problems: [SiteProblem] = []
        for path in reservedPaths + siteHostPaths {
            if case .matched(let match) = router.route("https://\(configuration.hosts.site)\(path)"),
               let index = configuration.routes.firstIndex(where: { $0.name == match.route.name }) {
                problems.append(SiteProblem(.error, place: .route(index),
                                            message: "the pattern '\(match.route.pattern)' matches \(path), which the server answers itself; make it more specific"))
            }
        }
        problems += site.lintProblems()
        problems += site.exampleProblems()
        problems += site.invitationProblems()
        problems += site.deferredLinkProblems()
        problems += site.webhookProblems()
        problems += site.retentionProblems()
        return (site, problems)
    }

    private func lintProblems() -> [SiteProblem] {
        var problems = Self.lintProblems(apple: appleAssociationJSON, android: assetLinks.statements.isEmpty ? nil : assetLinksJSON,
                                         files: "generated")
        if !configuration.hosts.linkHosts.isEmpty {
            problems += Self.lintProblems(apple: linksAppleAssociationJSON,
                                          android: linksAssetLinks.statements.isEmpty ? nil : linksAssetLinksJSON,
                                          files: "link host's generated")
        }
        return problems
    }

    private static func lintProblems(apple: String, android: String?, files: String) -> [SiteProblem] {
        var problems: [SiteProblem] = []
        let aasa = AssociationLinter().lint(apple)
        for diagnostic in aasa.diagnostics where diagnostic.severity != .info {
            problems.append(SiteProblem(.error, place: .associations,
                                        message: "the \(files) apple-app-site-association fails `landfall aasa validate --strict`: \(diagnostic.code) at \(diagnostic.path.map { "\($0)" } ?? "the top"): \(diagnostic.message)"))
        }
        if let android {
            for diagnostic in AssetLinksLinter().lint(android).diagnostics where diagnostic.severity != .info {
                problems.append(SiteProblem(.error, place: .associations,
                                            message: "the \(files) assetlinks.json fails `landfall aasa validate --strict`: \(diagnostic.code) at \(diagnostic.path.map { "\($0)" } ?? "the top"): \(diagnostic.message)"))
            }
        }
        return problems
    }

    private func exampleProblems() -> [SiteProblem] {
        var problems: [SiteProblem] = []
        for mismatch in router.exampleMismatches(in: configuration.routeTable) {
            let example = configuration.routes[mismatch.routeIndex].definition.examples.firstIndex(of: mismatch.url) ?? 0
            problems.append(SiteProblem(.error, place: .example(route: mismatch.routeIndex, example: example),
                                        message: "the example \(mismatch.url) \(mismatch.outcome), not this route"))
        }
        let matcher = AssociationMatcher(appleAssociation)
        let android = AssetLinksMatcher(assetLinks)
        for (routeIndex, route) in configuration.routes.enumerated() {
            let opening = Set(route.opensApp ? configuration.apps(for: route).map(\.name) : [])
            for (exampleIndex, example) in route.definition.examples.enumerated() {
                guard let url = try? LinkURL(parsing: example) else { continue }
                for app in configuration.apps {
                    let expected = opening.contains(app.name)
                    if let ios = app.ios {
                        let decision = matcher.decision(for: url, appID: ios.appID)
                        if decision.opensApp != expected {
                            problems.append(SiteProblem(.error, place: .example(route: routeIndex, example: exampleIndex),
                                                        message: "the example \(example) \(decision.opensApp ? "opens" : "does not open") the iOS app \(ios.appID) in the generated apple-app-site-association (\(decision.outcome.rawValue)\(decision.rule.map { ", \($0)" } ?? "")), but the route \(expected ? "opens" : "does not open") it"))
                        }
                    }
                    if let androidApp = app.android {
                        let decision = android.decision(for: url, packageName: androidApp.package)
                        let opens = decision.outcome == .match
                        if opens != expected {
                            problems.append(SiteProblem(.error, place: .example(route: routeIndex, example: exampleIndex),
                                                        message: "the example \(example) \(opens ? "opens" : "does not open") the Android app \(androidApp.package) in the generated assetlinks.json, but the route \(expected ? "opens" : "does not open") it"))
                        }
                    }
                }
            }
        }
        return problems
    }
}
