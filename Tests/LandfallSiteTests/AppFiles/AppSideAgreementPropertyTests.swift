import AppSiteAssociation
import DeepLinkRouting
import Foundation
import LandfallSite
import PropertyBased
import Synchronization
import Testing

/// The app side agrees with the server side: for generated route tables that Landfall accepts
/// (every example opens its route in the router and its apps in the generated association
/// files), the generated Android manifest, read back and decided as Android does with the
/// served `assetlinks.json`, opens every example of a route that opens the app and none of a
/// route that stays on the web, and so do the generated association file and the entitlements'
/// hosts on iOS: all three answer as the router does.
@Suite struct AppSideAgreementPropertyTests {
    static let appID = "ABCDE12345.com.example.app"
    static let package = "com.example.app"

    /// A table of one to four generated routes, some staying on the web, each with its example.
    struct Table: Sendable, CustomStringConvertible {
        var routes: [(route: RouteCase, opensApp: Bool)]
        var minSDK: Int

        var description: String {
            "minSdk \(minSDK): " + routes.map { "\($0.opensApp ? "" : "closed ")\($0.route)" }.joined(separator: "; ")
        }

        var configuration: SiteConfiguration {
            var configuration = routes[0].route.configuration
            configuration.apps[0].android?.minSDK = minSDK
            configuration.routing = RouterOptions(caseSensitive: true)
            configuration.routes = routes.enumerated().map { index, entry in
                SiteRoute(definition: RouteDefinition(pattern: entry.route.pattern, name: "r\(index)", examples: [entry.route.url]),
                          opensApp: entry.opensApp)
            }
            return configuration
        }
    }

    static let tables = Generator<Table, Shrink.None<Table>> { rng in
        var dice = Dice(seed: rng.next())
        let routes = (0..<dice.int(1...4)).map { _ in (route: dice.routeCase(), opensApp: dice.chance(70)) }
        return Table(routes: routes, minSDK: dice.element([21, 24, 26, 31, 35]))
    }

    @Test func everyExampleOpensTheAppOnAndroidAndIOSExactlyWhenItsRouteDoes() async {
        let accepted = Counter()
        await propertyCheck(count: 400, input: Self.tables) { table in
            let configuration = table.configuration
            guard let site = try? Site(configuration) else { return }  // Landfall refuses the table: nothing is generated
            accepted.add()
            let plan = AppLinkPlan(app: configuration.apps[0], in: configuration)
            let text = try AndroidManifestWriter.document(for: plan)
            let manifest = try AndroidManifest(text: text)
            let served = site.assetLinks
            let android = AndroidIntentMatcher(manifest, assetLinks: { _ in served }, packageName: Self.package)
            let ios = AssociationMatcher(site.appleAssociation)
            let claimed = Set(plan.associatedDomains.filter { $0.service == .appLinks }.map(\.host))
            for route in configuration.routes {
                for example in route.definition.examples {
                    let url = try LinkURL(parsing: example)
                    let routed = try #require(site.router.route(example).match?.route.name)
                    let expected = try #require(configuration.routes.first { $0.name == routed }).opensApp
                    let decision = android.decision(for: url)
                    #expect(decision.opens == expected, "Android: \(example) (route \(routed)) in \(table)\n\(decision)\n\(text)")
                    #expect(ios.decision(for: url, appID: Self.appID).opensApp == expected, "iOS: \(example) in \(table)")
                    #expect(claimed.contains(url.host.lowercased()) || !expected, "entitlements: \(url.host) in \(table)")
                }
            }
        }
        // Landfall accepts about 40% of the generated tables (the others have an example that opens another route): enough that the property is not vacuous.
        #expect(accepted.value >= 100, "only \(accepted.value) of 400 tables were accepted")
    }
}

/// A count shared with the property's closure.
final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}
