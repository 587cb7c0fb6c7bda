import AppSiteAssociation
import DeepLinkRouting
import Foundation
import LandfallSite
import Testing

/// The association files generated from a site's routes: they pass the strict linters, and
/// every link opens exactly the apps its route says, on iOS and on Android.
@Suite struct AssociationGeneratorTests {
    static let dailyID = "ABCDE12345.com.example.dailypuzzle"
    static let dailyPackage = "com.example.dailypuzzle"

    // MARK: the demo site

    @Test func theDemoFilesPassBothLintersWithoutAWarning() throws {
        let site = try SiteConfigurationReader.site(yaml: try SiteDocuments.demo)
        #expect(AssociationLinter().lint(site.appleAssociationJSON).diagnostics.filter { $0.severity != .info } == [])
        #expect(AssetLinksLinter().lint(site.assetLinksJSON).diagnostics.filter { $0.severity != .info } == [])
    }

    @Test func everyDemoExampleOpensItsRoutesApps() throws {
        let site = try SiteConfigurationReader.site(yaml: try SiteDocuments.demo)
        let ios = AssociationMatcher(site.appleAssociation)
        let android = AssetLinksMatcher(site.assetLinks)
        var examples = 0
        for route in site.configuration.routes {
            for example in route.definition.examples {
                examples += 1
                let url = try LinkURL(parsing: example)
                #expect(site.router.route(example).match?.route.name == route.name, "\(example)")
                #expect(ios.decision(for: url, appID: Self.dailyID).opensApp == route.opensApp, "\(example)")
                #expect(android.decision(for: url, packageName: Self.dailyPackage).opensApp == route.opensApp, "\(example)")
            }
        }
        #expect(examples == 5)
    }

    /// Links to the demo site beyond its examples, and whether the app opens them.
    static let demoLinks: [(url: String, opensApp: Bool)] = [
        ("https://daily.example.com/puzzle/today", true),
        ("https://daily.example.com/puzzle/2025-10-25?ref=share#hint", true),
        ("https://www.daily.example.com/puzzle/2025-10-25", true),
        ("https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R", true),
        ("https://daily.example.com/invites/7kq2m-x4p9t-hcw3r", true),
        ("https://daily.example.com/invite/7KQ2-MX4P", false),
        ("https://open.dailypuzzle.app/news/launch-day", true),
        ("https://daily.example.com/archive", false),
        ("https://daily.example.com/archive/2025/10", false),
        ("https://daily.example.com/", false),
        ("https://daily.example.com/about", false),
        ("https://daily.example.com/puzzle", false),
    ]

    @Test(arguments: demoLinks)
    func demoLinksOpenTheAppOnlyForRoutesThatDo(url: String, opensApp: Bool) throws {
        let site = try SiteConfigurationReader.site(yaml: try SiteDocuments.demo)
        let link = try LinkURL(parsing: url)
        #expect(AssociationMatcher(site.appleAssociation).decision(for: link, appID: Self.dailyID).opensApp == opensApp)
        #expect(AssetLinksMatcher(site.assetLinks).decision(for: link, packageName: Self.dailyPackage).opensApp == opensApp)
    }

    @Test func theServedTextIsTheGeneratedFile() throws {
        let site = try SiteConfigurationReader.site(yaml: try SiteDocuments.demo)
        #expect(try AssociationFile(json: site.appleAssociationJSON) == site.appleAssociation)
        #expect(try AssetLinksFile(json: site.assetLinksJSON) == site.assetLinks)
        #expect(site.appleAssociation == AssociationGenerator.appleAssociation(for: site.configuration))
    }

    @Test func theDemoRulesAreExclusionsThenRoutesInOrder() throws {
        let site = try SiteConfigurationReader.site(yaml: try SiteDocuments.demo)
        let details = try #require(site.appleAssociation.appLinks?.details)
        #expect(details.count == 1)
        #expect(details[0].appIDs == [Self.dailyID])
        #expect(details[0].components?.map(\.path) == ["/archive", "/archive/?*", "/puzzle/today", "/puzzle/?*", "/invites/?*", "/news/?*"])
        #expect(details[0].components?.map { $0.exclude ?? false } == [true, true, false, false, false, false])
        #expect(details[0].components?.first?.comment == "archive: stays on the web")
        let statement = try #require(site.assetLinks.statements.first)
        #expect(site.assetLinks.statements.count == 1)
        #expect(statement.target == .androidApp(packageName: Self.dailyPackage, sha256CertFingerprints: [SiteDocuments.fingerprint]))
        #expect(statement.dynamicAppLinkComponents?.map(\.path) == details[0].components?.map(\.path))
        #expect(statement.dynamicAppLinkComponents?.first?.comments == "archive: stays on the web")
    }

    // MARK: apps and details

    static let twoApps = """
        site: {name: Two Apps, timeZone: UTC}
        hosts: {site: example.com}
        apps:
          - name: daily
            ios: {teamID: ABCDE12345, bundleID: com.example.daily}
            android: {package: com.example.daily, sha256: "\(SiteDocuments.fingerprint)"}
          - name: pro
            ios: {teamID: ABCDE12345, bundleID: com.example.pro}
            android: {package: com.example.pro, sha256: "\(SiteDocuments.fingerprint)"}
        routes:
          - name: puzzle
            pattern: /puzzle/:date
            examples: [https://example.com/puzzle/2025-10-25]

        """

    @Test func appsWithTheSameRoutesShareOneDetail() throws {
        let site = try SiteConfigurationReader.site(yaml: Self.twoApps)
        let details = try #require(site.appleAssociation.appLinks?.details)
        #expect(details.count == 1)
        #expect(details[0].appIDs == ["ABCDE12345.com.example.daily", "ABCDE12345.com.example.pro"])
        #expect(site.assetLinks.statements.map(\.target.packageName) == ["com.example.daily", "com.example.pro"])
    }

    @Test func aRouteLimitedToOneAppAppearsOnlyInThatAppsRules() throws {
        let document = Self.twoApps + """
              - name: stats
                pattern: /stats/:period
                apps: [pro]
                examples: [https://example.com/stats/week]

            """
        let site = try SiteConfigurationReader.site(yaml: document)
        let details = try #require(site.appleAssociation.appLinks?.details)
        #expect(details.map(\.appIDs) == [["ABCDE12345.com.example.daily"], ["ABCDE12345.com.example.pro"]])
        #expect(details.map { $0.components?.map(\.path) } == [["/puzzle/?*"], ["/puzzle/?*", "/stats/?*"]])
        #expect(site.assetLinks.statements.map { $0.dynamicAppLinkComponents?.map(\.path) } == [["/puzzle/?*"], ["/puzzle/?*", "/stats/?*"]])

        let stats = try LinkURL(parsing: "https://example.com/stats/week")
        let ios = AssociationMatcher(site.appleAssociation)
        #expect(!ios.decision(for: stats, appID: "ABCDE12345.com.example.daily").opensApp)
        #expect(ios.decision(for: stats, appID: "ABCDE12345.com.example.pro").opensApp)
        let android = AssetLinksMatcher(site.assetLinks)
        #expect(!android.decision(for: stats, packageName: "com.example.daily").opensApp)
        #expect(android.decision(for: stats, packageName: "com.example.pro").opensApp)
    }

    @Test func anAppWithOnlyOnePlatformIsOnlyInThatPlatformsFile() throws {
        let configuration = SiteConfiguration(
            name: "Split", timeZone: try #require(TimeZone(identifier: "UTC")), hosts: SiteHosts(site: "example.com"),
            apps: [
                AppConfiguration(name: "ios", ios: IOSApp(teamID: "ABCDE12345", bundleID: "com.example.ios")),
                AppConfiguration(name: "android", android: AndroidApp(package: "com.example.android", sha256Fingerprints: [SiteDocuments.fingerprint])),
            ],
            routes: [SiteRoute(definition: RouteDefinition(pattern: "/p/:id"))])
        let site = try Site(configuration)
        #expect(site.appleAssociation.appLinks?.details.map(\.appIDs) == [["ABCDE12345.com.example.ios"]])
        #expect(site.assetLinks.statements.map(\.target.packageName) == ["com.example.android"])
    }

    @Test func aSiteWithoutAndroidAppsServesAnEmptyStatementList() throws {
        let configuration = SiteConfiguration(
            name: "iOS only", timeZone: try #require(TimeZone(identifier: "UTC")), hosts: SiteHosts(site: "example.com"),
            apps: [AppConfiguration(name: "ios", ios: IOSApp(teamID: "ABCDE12345", bundleID: "com.example.ios"))],
            routes: [SiteRoute(definition: RouteDefinition(pattern: "/p/:id"))])
        let site = try Site(configuration)
        #expect(site.assetLinks.statements.isEmpty)
        #expect(try AssetLinksFile(json: site.assetLinksJSON).statements.isEmpty)
    }

    // MARK: rule order and form

    static func rules(_ routes: [SiteRoute], routing: RouterOptions = RouterOptions(),
                      extra: [ComponentRule] = []) throws -> (ios: [ComponentRule], android: [DynamicAppLinkComponent]) {
        let configuration = SiteConfiguration(
            name: "Rules", timeZone: try #require(TimeZone(identifier: "UTC")), hosts: SiteHosts(site: "example.com"),
            apps: [AppConfiguration(name: "app", ios: IOSApp(teamID: "ABCDE12345", bundleID: "com.example.app"),
                                    android: AndroidApp(package: "com.example.app", sha256Fingerprints: [SiteDocuments.fingerprint]))],
            routing: routing, routes: routes,
            associations: AssociationSettings(extraComponents: extra.map { ExtraComponent($0) }))
        let ios = AssociationGenerator.appleAssociation(for: configuration).appLinks?.details.first?.components ?? []
        let android = AssociationGenerator.assetLinks(for: configuration).statements.first?.dynamicAppLinkComponents ?? []
        return (ios, android)
    }

    static func route(_ pattern: String, opensApp: Bool = true, caseSensitive: Bool? = nil) -> SiteRoute {
        SiteRoute(definition: RouteDefinition(pattern: pattern, caseSensitive: caseSensitive), opensApp: opensApp)
    }

    @Test func exclusionsComeBeforeInclusions() throws {
        let (ios, android) = try Self.rules([Self.route("/puzzle/:date"), Self.route("/puzzle/archive", opensApp: false)])
        #expect(ios == [
            ComponentRule(path: "/puzzle/archive", exclude: true, comment: "/puzzle/archive: stays on the web"),
            ComponentRule(path: "/puzzle/?*", comment: "/puzzle/:date"),
        ])
        #expect(android == [
            DynamicAppLinkComponent(path: "/puzzle/archive", exclude: true, comments: "/puzzle/archive: stays on the web"),
            DynamicAppLinkComponent(path: "/puzzle/?*", comments: "/puzzle/:date"),
        ])
    }

    @Test func caseInsensitiveRoutesGetCaseSensitiveFalseOnIOSOnly() throws {
        let (ios, android) = try Self.rules(
            [Self.route("/Puzzle/:date"), Self.route("/About", caseSensitive: true), Self.route("/Help", opensApp: false)],
            routing: RouterOptions(caseSensitive: false))
        #expect(ios.map(\.path) == ["/Help", "/Puzzle/?*", "/About"])
        #expect(ios.map(\.caseSensitive) == [false, false, nil])
        #expect(android.map(\.path) == ["/Help", "/Puzzle/?*", "/About"])
    }

    @Test func aRouteCanBeCaseInsensitiveInACaseSensitiveTable() throws {
        let (ios, _) = try Self.rules([Self.route("/About", caseSensitive: false)])
        #expect(ios == [ComponentRule(path: "/About", caseSensitive: false, comment: "/About")])
    }

    @Test func extraComponentsComeFirstOnIOSAndAreNotGivenToAndroid() throws {
        let extra = [ComponentRule(path: "/legacy/*", exclude: true, comment: "old links")]
        let (ios, android) = try Self.rules([Self.route("/p/:id"), Self.route("/web", opensApp: false)], extra: extra)
        #expect(ios.map(\.path) == ["/legacy/*", "/web", "/p/?*"])
        #expect(ios.first == extra[0])
        #expect(android.map(\.path) == ["/web", "/p/?*"])
    }

    @Test func optionalGroupsGiveOneRulePerExpansion() throws {
        let (ios, android) = try Self.rules([Self.route("/archive(/*rest)", opensApp: false), Self.route("/docs(/intro)(/en)")])
        #expect(ios.map(\.path) == ["/archive", "/archive/?*", "/docs", "/docs/en", "/docs/intro", "/docs/intro/en"])
        #expect(android.map(\.path) == ios.map(\.path))
    }

    @Test func literalsThatNeedEscapingAreDecodedOnIOSAndEncodedOnAndroid() throws {
        let (ios, android) = try Self.rules([Self.route("/caf%C3%A9/:id"), Self.route("/a%20b"), Self.route("/plain;v=1")])
        #expect(ios == [
            ComponentRule(path: "/café/?*", percentEncoded: false, comment: "/caf%C3%A9/:id"),
            ComponentRule(path: "/a b", percentEncoded: false, comment: "/a%20b"),
            ComponentRule(path: "/plain;v=1", comment: "/plain;v=1"),
        ])
        #expect(android.map(\.path) == ["/caf%C3%A9/?*", "/a%20b", "/plain;v=1"])
        let url = try LinkURL(parsing: "https://example.com/caf%C3%A9/42")
        let configuration = try SiteConfigurationReader.site(yaml: SiteDocuments.minimal.edited(
            .append("  - name: cafe\n    pattern: /caf%C3%A9/:id\n    examples: [\"https://example.com/caf%C3%A9/42\"]\n")))
        #expect(AssociationMatcher(configuration.appleAssociation).decision(for: url, appID: "ABCDE12345.com.example.app").opensApp)
        #expect(AssetLinksMatcher(configuration.assetLinks).decision(for: url, packageName: "com.example.app").opensApp)
    }

    // MARK: rules that could never decide

    @Test func aRuleAnEarlierRuleCoversIsLeftOut() throws {
        let (ios, android) = try Self.rules([
            Self.route("/puzzle/:date(/hint)"), Self.route("/puzzle/today"), Self.route("/p/:day"), Self.route("/p/:slug/"),
        ])
        #expect(ios.map(\.path) == ["/puzzle/?*", "/p/?*"])
        #expect(android.map(\.path) == ["/puzzle/?*", "/p/?*"])
    }

    @Test func onAndroidARuleIsOnlyLeftOutWhenItsSpellingIsCovered() throws {
        let (ios, android) = try Self.rules([Self.route("/A/:x"), Self.route("/a/b")], routing: RouterOptions(caseSensitive: false))
        #expect(ios.map(\.path) == ["/A/?*"])
        #expect(android.map(\.path) == ["/A/?*", "/a/b"])
    }

    @Test func aRuleCoveredByARuleWithAnotherEffectIsKept() throws {
        let (ios, _) = try Self.rules([Self.route("/a/:x", opensApp: false), Self.route("/a/b"), Self.route("/A/:y", caseSensitive: false)])
        #expect(ios.map(\.path) == ["/a/?*", "/a/b", "/A/?*"])
    }

    /// Route tables the router accepts whose generated rules overlap; the site must build.
    static let overlappingTables: [[String]] = [
        ["/invite/:code(/more)"],
        ["/puzzle/:date", "/puzzle/today"],
        ["/puzzle/:date", "/puzzle/:date/hint"],
        ["/docs(/*path)", "/docs/intro"],
    ]

    @Test(arguments: overlappingTables)
    func routesWhoseRulesOverlapStillMakeAValidSite(_ patterns: [String]) throws {
        var document = SiteDocuments.minimal
        for (index, pattern) in patterns.enumerated() {
            document += "  - name: extra\(index)\n    pattern: \(pattern)\n"
        }
        let check = SiteConfigurationReader.check(yaml: document)
        #expect(check.issues == [])
        #expect(check.site != nil)
    }

    // MARK: AssociationPaths

    static let paths: [(pattern: String, paths: [String])] = [
        ("/", ["/"]),
        ("/puzzle/:date", ["/puzzle/?*"]),
        ("/puzzle/:date(/hint)", ["/puzzle/?*", "/puzzle/?*/hint"]),
        ("/docs(/*path)", ["/docs", "/docs/?*"]),
        ("/files/*", ["/files/?*"]),
        ("/a(/:b(/:c))", ["/a", "/a/?*", "/a/?*/?*"]),
        ("/p(/:x)(/:y)", ["/p", "/p/?*", "/p/?*/?*"]),
        ("(/en)/about/", ["/about", "/en/about"]),
    ]

    @Test(arguments: paths)
    func aPatternGivesOneRulePerDistinctExpansion(pattern: String, paths: [String]) throws {
        let rules = AssociationPaths.rules(for: try RoutePattern(pattern), caseSensitive: true)
        #expect(rules.map(\.path) == paths)
        #expect(rules.allSatisfy { $0.exclude == nil && $0.caseSensitive == nil && $0.percentEncoded == nil && $0.comment == nil })
    }

    @Test func rulesCarryTheirExclusionCaseAndComment() throws {
        let rules = AssociationPaths.rules(for: try RoutePattern("/Archive"), caseSensitive: false, exclude: true, comment: "web")
        #expect(rules == [ComponentRule(path: "/Archive", exclude: true, caseSensitive: false, comment: "web")])
    }

    @Test func encodedLiteralsAreWrittenInUpperCaseHex() throws {
        let pattern = try RoutePattern("/caf%c3%a9/%3F/%25/100%2B/:id")
        #expect(AssociationPaths.rules(for: pattern, caseSensitive: true, encodingLiterals: true).map(\.path) == ["/caf%C3%A9/%3F/%25/100+/?*"])
        #expect(AssociationPaths.rules(for: pattern, caseSensitive: true).map(\.path) == ["/café/?/%/100+/?*"])
    }
}
