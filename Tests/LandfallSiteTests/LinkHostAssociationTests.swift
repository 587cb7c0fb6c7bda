import AppSiteAssociation
import Foundation
import LandfallLinks
import LandfallSite
import Testing

/// The association files served on the link host claim every short link, so that
/// `https://go.daily.example.com/abc123` opens the app when it is installed, and leave the
/// server's own paths alone; the site's files stay as they were.
@Suite struct LinkHostAssociationTests {
    static let dailyID = "ABCDE12345.com.example.dailypuzzle"
    static let dailyPackage = "com.example.dailypuzzle"

    static func demo() throws -> Site {
        try SiteConfigurationReader.site(yaml: try SiteDocuments.demo)
    }

    static let opening = [
        "https://go.daily.example.com/abc123",
        "https://go.daily.example.com/Winter-2026",
        "https://go.daily.example.com/k7QmZ3x?utm_source=newsletter",
        "https://go.daily.example.com/abc123#share",
        "https://go.daily.example.com/abc123/",
        "https://go.daily.example.com/healthy",
        "https://go.daily.example.com/v1links",
        "https://go.daily.example.com/invite/7KQ2M-X4P9T-HCW3R",
    ]

    static let notOpening = [
        "https://go.daily.example.com/.well-known/x",
        "https://go.daily.example.com/.well-known/apple-app-site-association",
        "https://go.daily.example.com/.well-known/assetlinks.json",
        "https://go.daily.example.com/apple-app-site-association",
        "https://go.daily.example.com/v1/links",
        "https://go.daily.example.com/v1/links/019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11/stats",
        "https://go.daily.example.com/v1/resolve?url=https://go.daily.example.com/abc123",
        "https://go.daily.example.com/v1",
        "https://go.daily.example.com/v1/",
        "https://go.daily.example.com/health",
        "https://go.daily.example.com/ready",
        "https://go.daily.example.com/metrics",
        "https://go.daily.example.com/sitemap.xml",
        "https://go.daily.example.com/robots.txt",
        "https://go.daily.example.com/favicon.ico",
        "https://go.daily.example.com/static/landing.css",
        "https://go.daily.example.com/admin",
        "https://go.daily.example.com/shop",
        "https://go.daily.example.com/invites/7KQ2M-X4P9T-HCW3R",
    ]

    @Test(arguments: opening)
    func aShortLinkOpensTheAppOnIOSAndAndroid(_ url: String) throws {
        let site = try Self.demo()
        let link = try LinkURL(parsing: url)
        let ios = AssociationMatcher(site.linksAppleAssociation).decision(for: link, appID: Self.dailyID)
        #expect(ios.opensApp, "\(ios.outcome)")
        let android = AssetLinksMatcher(site.linksAssetLinks).decision(for: link, packageName: Self.dailyPackage)
        #expect(android.opensApp)
    }

    @Test(arguments: notOpening)
    func aPathOfTheServerDoesNotOpenTheApp(_ url: String) throws {
        let site = try Self.demo()
        let link = try LinkURL(parsing: url)
        #expect(!AssociationMatcher(site.linksAppleAssociation).decision(for: link, appID: Self.dailyID).opensApp)
        #expect(!AssetLinksMatcher(site.linksAssetLinks).decision(for: link, packageName: Self.dailyPackage).opensApp)
    }

    @Test(arguments: ["/V1/links", "/HEALTH", "/.Well-Known/x", "/Admin"])
    func aServerPathInAnotherCaseDoesNotOpenTheAppOnIOS(_ path: String) throws {
        let site = try Self.demo()
        let link = try LinkURL(parsing: "https://go.daily.example.com\(path)")
        #expect(!AssociationMatcher(site.linksAppleAssociation).decision(for: link, appID: Self.dailyID).opensApp)
    }

    @Test(arguments: [
        ("go.daily.example.com", "links"), ("go.localhost", "links"), ("daily.example.com", "site"), ("WWW.daily.example.com", "site"),
        ("open.dailypuzzle.app", "site"), ("admin.daily.example.com", "none"), ("elsewhere.example.org", "none"),
    ])
    func eachHostServesTheAssetLinksOfItsRole(host: String, served: String) throws {
        let site = try Self.demo()
        let file = site.assetLinks(servedOn: host)
        #expect(file == (served == "links" ? site.linksAssetLinks : served == "site" ? site.assetLinks : nil))
    }

    @Test func noPathTheServerAnswersOpensTheAppOnTheLinkHost() throws {
        let site = try Self.demo()
        let ios = AssociationMatcher(site.linksAppleAssociation)
        for path in Site.reservedPaths {
            let link = try LinkURL(parsing: "https://go.daily.example.com\(path)")
            #expect(!ios.decision(for: link, appID: Self.dailyID).opensApp, "\(path)")
        }
    }

    @Test func everyReservedWordIsLeftAloneAndNoOtherSlugIs() throws {
        let site = try Self.demo()
        let ios = AssociationMatcher(site.linksAppleAssociation)
        for word in site.configuration.slugPolicy.reservedWords {
            #expect(!ios.decision(for: try LinkURL(parsing: "https://go.daily.example.com/\(word)"), appID: Self.dailyID).opensApp, "\(word)")
        }
        var random = SystemRandomNumberGenerator()
        let generator = site.configuration.links.slugGenerator
        for _ in 0..<200 {
            let slug = generator.slug(using: &random)
            #expect(ios.decision(for: try LinkURL(parsing: "https://go.daily.example.com/\(slug)"), appID: Self.dailyID).opensApp, "\(slug)")
        }
    }

    @Test func theLinkHostFilesPassBothLintersWithoutAWarning() throws {
        let site = try Self.demo()
        #expect(AssociationLinter().lint(site.linksAppleAssociationJSON).diagnostics.filter { $0.severity != .info } == [])
        #expect(AssetLinksLinter().lint(site.linksAssetLinksJSON).diagnostics.filter { $0.severity != .info } == [])
    }

    @Test func theServedTextIsTheGeneratedFile() throws {
        let site = try Self.demo()
        #expect(try AssociationFile(json: site.linksAppleAssociationJSON) == site.linksAppleAssociation)
        #expect(try AssetLinksFile(json: site.linksAssetLinksJSON) == site.linksAssetLinks)
        #expect(site.linksAppleAssociation == AssociationGenerator.linksAppleAssociation(for: site.configuration))
        #expect(site.linksAssetLinks == AssociationGenerator.linksAssetLinks(for: site.configuration))
    }

    @Test func theLinkHostRulesAreTheReservedWordsThenEveryPath() throws {
        let site = try Self.demo()
        let details = try #require(site.linksAppleAssociation.appLinks?.details)
        #expect(details.map(\.appIDs) == [[Self.dailyID]])
        let rules = try #require(details.first?.components)
        let words = site.configuration.slugPolicy.reservedWords
        #expect(rules.count == 2 * words.count + 1)
        #expect(rules.dropLast().allSatisfy { $0.exclude == true && $0.caseSensitive == false })
        #expect(rules.prefix(4).map(\.path) == ["/.well-known", "/.well-known/*", "/v1", "/v1/*"])
        #expect(rules.last == ComponentRule(path: "/*", comment: "short links"))
        #expect(rules.contains { $0.path == "/shop/*" })
        let android = try #require(site.linksAssetLinks.statements.first?.dynamicAppLinkComponents)
        #expect(android.map(\.path) == rules.map(\.path))
    }

    @Test func eachHostServesItsOwnFiles() throws {
        let site = try Self.demo()
        #expect(site.appleAssociationJSON(for: .links) == site.linksAppleAssociationJSON)
        #expect(site.assetLinksJSON(for: .links) == site.linksAssetLinksJSON)
        #expect(site.appleAssociationJSON(for: .local(name: "localhost", standingFor: .links)) == site.linksAppleAssociationJSON)
        for role in [HostRole.site, .alias, .interstitial, .local(name: "localhost", standingFor: .site)] {
            #expect(site.appleAssociationJSON(for: role) == site.appleAssociationJSON)
            #expect(site.assetLinksJSON(for: role) == site.assetLinksJSON)
        }
        #expect(site.linksAppleAssociationJSON != site.appleAssociationJSON)
    }

    @Test func theSiteHostsFilesAreUnchangedByTheLinksSection() throws {
        let site = try Self.demo()
        #expect(site.appleAssociation == AssociationGenerator.appleAssociation(for: site.configuration))
        var withoutLinks = site.configuration
        withoutLinks.links = LinkSettings()
        let plain = try Site(withoutLinks)
        #expect(plain.appleAssociationJSON == site.appleAssociationJSON)
        #expect(plain.assetLinksJSON == site.assetLinksJSON)
        #expect(plain.linksAppleAssociationJSON != site.linksAppleAssociationJSON)
    }

    @Test func everyAppIsInTheLinkHostsFiles() throws {
        let document = """
            site: {name: Two Apps, timeZone: UTC}
            hosts: {site: example.com, links: go.example.com}
            apps:
              - name: daily
                ios: {teamID: ABCDE12345, bundleID: com.example.daily}
                android: {package: com.example.daily, sha256: "\(SiteDocuments.fingerprint)"}
              - name: pro
                ios: {teamID: ABCDE12345, bundleID: com.example.pro}
              - name: droid
                android: {package: com.example.droid, sha256: "\(SiteDocuments.fingerprint)"}
            routes:
              - name: puzzle
                pattern: /puzzle/:date
              - name: stats
                pattern: /stats/:period
                apps: [pro]

            """
        let site = try SiteConfigurationReader.site(yaml: document)
        #expect(site.linksAppleAssociation.appLinks?.details.map(\.appIDs) == [["ABCDE12345.com.example.daily", "ABCDE12345.com.example.pro"]])
        #expect(site.linksAssetLinks.statements.map(\.target.packageName) == ["com.example.daily", "com.example.droid"])
        let link = try LinkURL(parsing: "https://go.example.com/abc123")
        #expect(AssociationMatcher(site.linksAppleAssociation).decision(for: link, appID: "ABCDE12345.com.example.daily").opensApp)
        #expect(AssetLinksMatcher(site.linksAssetLinks).decision(for: link, packageName: "com.example.droid").opensApp)
    }
}
