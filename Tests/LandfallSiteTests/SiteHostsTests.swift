import LandfallSite
import Testing

/// The hosts a site answers on, their roles, and the development names standing for them.
@Suite struct SiteHostsTests {
    static let hosts = SiteHosts(
        site: "Daily.Example.com", aliases: ["www.daily.example.com"], links: ["go.daily.example.com"],
        interstitial: "open.dailypuzzle.app", local: ["LocalHost": "daily.example.com", "127.0.0.1": "Open.DailyPuzzle.app"])

    static let roles: [(host: String, role: HostRole?)] = [
        ("daily.example.com", .site),
        ("DAILY.EXAMPLE.COM", .site),
        ("www.daily.example.com", .alias),
        ("go.daily.example.com", .links),
        ("open.dailypuzzle.app", .interstitial),
        ("localhost", .local(name: "localhost", standingFor: .site)),
        ("127.0.0.1", .local(name: "127.0.0.1", standingFor: .interstitial)),
        ("example.com", nil),
        ("daily.example.com.evil.com", nil),
        ("", nil),
    ]

    @Test(arguments: roles)
    func eachHostHasItsRole(host: String, role: HostRole?) {
        #expect(Self.hosts.role(of: host) == role)
    }

    @Test func aDevelopmentNameResolvesToTheRoleItStandsFor() throws {
        let role = try #require(Self.hosts.role(of: "localhost"))
        #expect(role.isLocal)
        #expect(role.served == .site)
        #expect(!HostRole.site.isLocal)
        #expect(HostRole.alias.served == .alias)
    }

    @Test func aDevelopmentNameForAnUnknownHostHasNoRole() {
        let hosts = SiteHosts(site: "example.com", local: ["localhost": "other.example.org"])
        #expect(hosts.role(of: "localhost") == nil)
    }

    @Test func theLocalNameOfAHostIsTheFirstInOrder() {
        let hosts = SiteHosts(site: "example.com", local: ["localhost": "example.com", "127.0.0.1": "example.com"])
        #expect(hosts.localName(for: "example.com") == "127.0.0.1")
        #expect(Self.hosts.localName(for: "open.dailypuzzle.app") == "127.0.0.1")
        #expect(Self.hosts.localName(for: "www.daily.example.com") == nil)
    }

    @Test func servedHostsAreTheSiteAliasesLinksAndInterstitialInThatOrder() {
        #expect(Self.hosts.servedHosts == ["daily.example.com", "www.daily.example.com", "go.daily.example.com", "open.dailypuzzle.app"])
        #expect(SiteHosts(site: "example.com").servedHosts == ["example.com"])
        #expect(SiteHosts(site: "example.com", interstitial: "open.example.net").servedHosts == ["example.com", "open.example.net"])
        #expect(SiteHosts(site: "example.com", aliases: ["b.example.com", "a.example.com"]).servedHosts
                == ["example.com", "b.example.com", "a.example.com"])
    }

    @Test func namesAreLowercased() {
        #expect(Self.hosts.site == "daily.example.com")
        #expect(Self.hosts.local == ["localhost": "daily.example.com", "127.0.0.1": "open.dailypuzzle.app"])
    }

    @Test func theRouteTableAcceptsEveryServedHost() throws {
        let site = try SiteConfigurationReader.site(yaml: try SiteDocuments.demo)
        for host in site.configuration.hosts.servedHosts {
            #expect(site.router.route("https://\(host)/puzzle/today").match?.route.name == "today", "\(host)")
        }
        #expect(site.router.route("https://localhost/puzzle/today").match == nil)
    }

    // MARK: several link hosts

    static let linkHosts = SiteHosts(
        site: "daily.example.com", links: ["go.daily.example.com", LinkHost("Print.Daily.Example.com", caseInsensitiveSlugs: true)],
        local: ["go.localhost": "go.daily.example.com", "print.localhost": "print.daily.example.com"])

    @Test func everyLinkHostHasTheLinkRoleAndTheFirstIsTheDefault() {
        #expect(Self.linkHosts.role(of: "go.daily.example.com") == .links)
        #expect(Self.linkHosts.role(of: "PRINT.daily.example.com") == .links)
        #expect(Self.linkHosts.role(of: "print.localhost")?.served == .links)
        #expect(Self.linkHosts.defaultLinkHost == "go.daily.example.com")
        #expect(Self.linkHosts.linkHost(named: "Print.Daily.Example.com")?.caseInsensitiveSlugs == true)
        #expect(Self.linkHosts.linkHost(named: "daily.example.com") == nil)
        #expect(Self.linkHosts.servedName(of: "print.localhost") == "print.daily.example.com")
        #expect(Self.linkHosts.servedName(of: "Go.Daily.Example.com") == "go.daily.example.com")
        #expect(SiteHosts(site: "example.com").defaultLinkHost == nil)
    }

    static let slugCases: [(host: LinkHost, slug: String, stored: String, lookups: [String])] = [
        (LinkHost("go.example.com"), "Winter", "Winter", ["Winter"]),
        (LinkHost("go.example.com"), "winter", "winter", ["winter"]),
        (LinkHost("print.example.com", caseInsensitiveSlugs: true), "Winter", "winter", ["Winter", "winter"]),
        (LinkHost("print.example.com", caseInsensitiveSlugs: true), "winter", "winter", ["winter"]),
        (LinkHost("print.example.com", caseInsensitiveSlugs: true), "WIN-ter_2", "win-ter_2", ["WIN-ter_2", "win-ter_2"]),
    ]

    @Test(arguments: slugCases)
    func aHostWhoseSlugsIgnoreCaseStoresThemInLowerCaseAndLooksUpBoth(host: LinkHost, slug: String, stored: String, lookups: [String]) {
        #expect(host.storedSlug(slug) == stored)
        #expect(host.lookupSlugs(for: slug) == lookups)
    }
}
