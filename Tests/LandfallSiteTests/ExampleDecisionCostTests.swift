@testable import AppSiteAssociation
import DeepLinkRouting
import Foundation
import LandfallSite
import Testing

/// `config check` asks the generated association files about every route's example; each
/// decision tries the few rules whose literal start begins the example's path, not every rule
/// before the one that decides (issue 15, finding 11: 1,000 routes took 2.3 s, 2,000 7.9 s).
/// The work is counted, not timed.
@Suite struct ExampleDecisionCostTests {
    static let appID = "ABCDE12345.com.example.big"
    static let package = "com.example.big"

    /// A site of `count` routes of the kinds Benchmarks/ConfigCheck/routes-config.sh writes (a
    /// literal path, one parameter, two parameters, an optional tail), every third one
    /// case-insensitive and every seventh staying on the web, each with an example.
    static func site(routes count: Int) throws -> SiteConfiguration {
        let routes = (0..<count).map { index in
            let (pattern, example) = switch index % 4 {
            case 0: ("/section\(index)/index", "/section\(index)/index")
            case 1: ("/section\(index)/:id", "/section\(index)/42")
            case 2: ("/section\(index)/:year/:slug", "/section\(index)/2026/spring")
            default: ("/section\(index)(/*rest)", "/section\(index)/a/b")
            }
            return SiteRoute(definition: RouteDefinition(pattern: pattern, name: "route\(index)", caseSensitive: index % 3 == 0 ? false : nil,
                                                         examples: ["https://big.example.com\(example)"]),
                             opensApp: index % 7 != 6)
        }
        return SiteConfiguration(
            name: "Many Routes", timeZone: try #require(TimeZone(identifier: "UTC")), hosts: SiteHosts(site: "big.example.com"),
            apps: [AppConfiguration(name: "big", ios: IOSApp(teamID: "ABCDE12345", bundleID: "com.example.big"),
                                    android: AndroidApp(package: package, sha256Fingerprints: [SiteDocuments.fingerprint]))],
            routes: routes)
    }

    @Test func eachExampleOfATwoThousandRouteSiteIsDecidedByAHandfulOfRules() throws {
        let configuration = try Self.site(routes: 2000)
        let apple = AssociationMatcher(AssociationGenerator.appleAssociation(for: configuration))
        let android = AssetLinksMatcher(AssociationGenerator.assetLinks(for: configuration))
        var mostTried = (apple: 0, android: 0)
        for route in configuration.routes {
            let url = try LinkURL(parsing: try #require(route.definition.examples.first))
            let ios = apple.counted(for: url, appID: Self.appID)
            let androids = android.counted(for: url, packageName: Self.package)
            #expect(ios.decision.opensApp == route.opensApp, "\(url.text)")
            #expect(androids.decision.opensApp == route.opensApp, "\(url.text)")
            mostTried = (max(mostTried.apple, ios.rulesTried), max(mostTried.android, androids.rulesTried))
        }
        #expect(mostTried.apple <= 4)
        #expect(mostTried.android <= 4)
    }

    @Test func aURLNoRuleMatchesIsDecidedWithoutTryingTheRules() throws {
        let configuration = try Self.site(routes: 2000)
        let url = try LinkURL(parsing: "https://big.example.com/elsewhere")
        let apple = AssociationMatcher(AssociationGenerator.appleAssociation(for: configuration)).counted(for: url, appID: Self.appID)
        let android = AssetLinksMatcher(AssociationGenerator.assetLinks(for: configuration)).counted(for: url, packageName: Self.package)
        #expect(apple.decision.outcome == .noMatch)
        #expect(apple.rulesTried == 0)
        #expect(android.decision.outcome == .noMatch)
        #expect(android.rulesTried == 0)
    }

    /// What the decisions cost before: the last route's example was compared with every rule.
    @Test func tryingEveryRuleInOrderComparesTheLastExampleWithThousands() throws {
        let configuration = try Self.site(routes: 2000)
        let url = try LinkURL(parsing: try #require(configuration.routes.last?.definition.examples.first))
        let apple = AssociationMatcher(AssociationGenerator.appleAssociation(for: configuration))
        let android = AssetLinksMatcher(AssociationGenerator.assetLinks(for: configuration))
        #expect(apple.counted(for: url, appID: Self.appID, trying: .every).rulesTried > 2000)
        #expect(android.counted(for: url, packageName: Self.package, trying: .every).rulesTried > 2000)
    }
}
