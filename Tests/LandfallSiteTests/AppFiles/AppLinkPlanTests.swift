import AppSiteAssociation
import LandfallSite
import Testing

/// The plan every app-side file is written from: which domains the entitlement claims and
/// which intent filters the activity needs, derived from `landfall.yml`.
@Suite struct AppLinkPlanTests {
    func demo() throws -> SiteConfiguration {
        try SiteConfigurationReader.site(yaml: try SiteDocuments.demo, source: "landfall.yml").configuration
    }

    @Test func theDemoClaimsEveryServedHostForUniversalLinks() throws {
        let plan = try AppLinkPlan(for: nil, in: try demo())
        #expect(plan.associatedDomains.map(\.description) == [
            "applinks:daily.example.com", "applinks:www.daily.example.com",
            "applinks:go.daily.example.com", "applinks:open.dailypuzzle.app",
        ])
    }

    @Test func theDemoAndroidFiltersListTheRoutesTheShortLinksAndTheScheme() throws {
        let plan = try AppLinkPlan(for: "daily", in: try demo())
        #expect(plan.androidFilters.count == 3)
        let site = plan.androidFilters[0]
        #expect(site.autoVerify)
        #expect(site.schemes == ["https"])
        #expect(site.hosts == ["daily.example.com", "www.daily.example.com", "open.dailypuzzle.app"])
        #expect(site.paths.map { "\($0.kind.pathAttribute) \($0.pattern) \($0.routes)" } == [
            "path /puzzle/today [\"today\"]",
            "pathPattern /puzzle/..* [\"puzzle\"]",
            "pathPattern /invites/..* [\"invite\"]",
            "pathPattern /news/..* [\"article\"]",
        ])
        #expect(plan.androidFilters[1].hosts == ["go.daily.example.com"])
        #expect(plan.androidFilters[1].paths.map(\.pattern) == ["/..*"])
        #expect(plan.androidFilters[2] == AndroidLinkFilter(autoVerify: false, schemes: ["dailypuzzle"], hosts: [], paths: [],
                                                              comment: "Custom schemes (not verified: any app can claim them)"))
        #expect(plan.androidNotes == [])
    }

    @Test func everyLinkHostIsClaimedAndFilteredForShortLinks() throws {
        let yaml = try SiteDocuments.demo.replacingOccurrences(
            of: "  links: go.daily.example.com ", with: "  links: [go.daily.example.com, {host: print.daily.example.com, caseInsensitiveSlugs: true}] ")
        let configuration = try SiteConfigurationReader.site(yaml: yaml, source: "landfall.yml").configuration
        let plan = try AppLinkPlan(for: "daily", in: configuration)
        #expect(plan.associatedDomains.map(\.description) == [
            "applinks:daily.example.com", "applinks:www.daily.example.com",
            "applinks:go.daily.example.com", "applinks:print.daily.example.com", "applinks:open.dailypuzzle.app",
        ])
        #expect(plan.androidFilters[1].hosts == ["go.daily.example.com", "print.daily.example.com"])
        #expect(plan.androidFilters[1].comment == "App Links on go.daily.example.com, print.daily.example.com: short links")
        let linking = ReactNavigationLinking(plan: plan, configuration: configuration)
        #expect(linking.shortLinkPrefixes == ["https://go.daily.example.com", "https://print.daily.example.com"])
    }

    static let yaml = """
        site: {name: Plan, timeZone: UTC}
        hosts: {site: example.com, aliases: [www.example.com], interstitial: open.example.net, development: [www.example.com]}
        apps:
          - name: main
            ios: {teamID: ABCDE12345, bundleID: com.example.app, webCredentials: true}
            android: {package: com.example.app, sha256: ["\(SiteDocuments.fingerprint)"], minSdk: 26}
          - name: web
            android: {package: com.example.web, sha256: ["\(SiteDocuments.fingerprint)"]}
        routes:
          - {name: docs, pattern: "/docs(/*path)", apps: [main], examples: ["https://example.com/docs/a/b"]}
          - {name: item, pattern: "/item/:id(/edit)", apps: [main]}
          - {name: dot, pattern: "/v1.0/:id", apps: [main]}
          - {name: items-archive, pattern: "/item/archive", opensApp: false, examples: ["https://example.com/item/archive"]}
        """

    @Test func fromMinSdk26ParametersAreExactAdvancedPatterns() throws {
        let configuration = try SiteConfigurationReader.site(yaml: Self.yaml, source: "landfall.yml").configuration
        let plan = try AppLinkPlan(for: "main", in: configuration)
        #expect(plan.androidFilters[0].paths.map { "\($0.kind.pathAttribute) \($0.pattern)" } == [
            "path /docs", "pathAdvancedPattern /docs/.+", "pathAdvancedPattern /item/[^/]+",
            "pathAdvancedPattern /item/[^/]+/edit", #"pathAdvancedPattern /v1\.0/[^/]+"#,
        ])
        #expect(plan.androidNotes == [
            "https://example.com/item/archive (route items-archive) stays closed, but the rule for item (pathAdvancedPattern /item/[^/]+) covers it: "
                + "Android 14 and earlier open the app for it; Android 15 keeps it closed, reading the exclusion from the served assetlinks.json",
        ])
    }

    @Test func belowMinSdk26LiteralsAreEscapedForTheSimpleGlob() throws {
        var configuration = try SiteConfigurationReader.site(yaml: Self.yaml, source: "landfall.yml").configuration
        configuration.apps[0].android?.minSDK = 25
        let plan = try AppLinkPlan(for: "main", in: configuration)
        #expect(plan.androidFilters[0].paths.map(\.pattern).last == #"/v1\.0/..*"#)
    }

    @Test func webCredentialsAndDevelopmentHostsShapeTheEntitlement() throws {
        let configuration = try SiteConfigurationReader.site(yaml: Self.yaml, source: "landfall.yml").configuration
        let plan = try AppLinkPlan(for: "main", in: configuration)
        #expect(plan.associatedDomains.map(\.description) == [
            "applinks:example.com", "applinks:www.example.com?mode=developer", "applinks:open.example.net",
            "webcredentials:example.com", "webcredentials:www.example.com?mode=developer",
        ])
    }

    @Test func anAppThatNoRouteOpensHasNoAppLinksFilterAndAnAndroidOnlyAppNoDomains() throws {
        let configuration = try SiteConfigurationReader.site(yaml: Self.yaml, source: "landfall.yml").configuration
        let plan = try AppLinkPlan(for: "web", in: configuration)
        #expect(plan.associatedDomains == [])
        #expect(plan.androidFilters == [])
    }

    @Test(arguments: [
        (Optional("nope"), "the configuration has no app named 'nope'; its apps are main, web"),
        (nil, "the configuration has 2 apps (main, web); name one with --app"),
    ])
    func anUnknownOrUnnamedAppIsAnError(name: String?, message: String) throws {
        let configuration = try SiteConfigurationReader.site(yaml: Self.yaml, source: "landfall.yml").configuration
        #expect(throws: AppLinkPlanError.self) { try AppLinkPlan(for: name, in: configuration) }
        do { _ = try AppLinkPlan(for: name, in: configuration) } catch { #expect(error.description == message) }
    }
}
