import Testing
import AppSiteAssociation
@testable import LandfallDoctor

/// Whether each URL a user lists opens each app, with the rule that decided and the
/// rule-by-rule explanation.
@Suite struct URLChecksTests {
    static let shop = "ABCDE12345.com.example.shop"
    static let help = "ABCDE12345.com.example.help"

    /// Two details: the shop's, with an exclusion before its rule, and the help app's.
    static func matcher() throws -> AssociationMatcher {
        let json = #"""
        {"applinks": {"details": [
          {"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/buy/secret*", "exclude": true}, {"/": "/buy/*"}]},
          {"appIDs": ["ABCDE12345.com.example.help"], "components": [{"/": "/help/*"}]}
        ]}}
        """#
        return AssociationMatcher(try AssociationFile(json: json))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var url: String
        var appID: String
        var status: CheckStatus
        var detail: String
        var fix: String?
        var testDescription: String { "\(url) for \(appID)" }
    }

    static let cases: [Case] = [
        Case(url: "https://example.com/buy/1", appID: shop, status: .pass,
             detail: "opens \(shop): rule applinks.details[0].components[1] (`/buy/*`) matches"),
        Case(url: "https://EXAMPLE.com/help/faq", appID: help, status: .pass,
             detail: "opens \(help): rule applinks.details[1].components[0] (`/help/*`) matches"),
        Case(url: "https://example.com/buy/secret-sale", appID: shop, status: .fail,
             detail: "does not open \(shop): excluded by applinks.details[0].components[0] (`/buy/secret*`)",
             fix: "if this URL should open \(shop), narrow or remove the exclusion at applinks.details[0].components[0]"),
        Case(url: "https://example.com/about", appID: shop, status: .fail,
             detail: "does not open \(shop): no rule matched (2 rules tried)", fix: "add a component matching /about"),
        Case(url: "https://www.example.com/buy/1", appID: shop, status: .fail,
             detail: "does not open \(shop): not on example.com (the URL's host is www.example.com)",
             fix: "check www.example.com with `landfall doctor www.example.com`"),
        Case(url: "myshop://example.com/buy/1", appID: shop, status: .fail,
             detail: "does not open \(shop): not an http(s) URL (its scheme is myshop)", fix: "check https://example.com/buy/1 instead"),
        Case(url: "https://example.com/buy/1", appID: "ABCDE12345.com.example.other", status: .fail,
             detail: "does not open ABCDE12345.com.example.other: applinks lists no detail for it",
             fix: "add \"ABCDE12345.com.example.other\" to applinks.details[].appIDs"),
    ]

    @Test(arguments: cases)
    func eachURLIsJudgedForItsApp(_ example: Case) throws {
        let checks = URLChecks.checks(urls: [example.url], matcher: try Self.matcher(), appIDs: [example.appID], host: "example.com")
        let check = try #require(checks.count == 1 ? checks.first : nil)
        #expect(check.id == "url")
        #expect(check.title == "\(example.url) opens \(example.appID)")
        #expect(check.status == example.status)
        #expect(check.detail == example.detail)
        if let fix = example.fix {
            #expect(check.fix?.contains(fix) == true, "\(check.fix ?? "no fix")")
        } else {
            #expect(check.fix == nil)
        }
    }

    @Test func notesAreTheExplanationsSteps() throws {
        let url = "https://example.com/buy/secret-sale"
        let check = try #require(URLChecks.checks(urls: [url], matcher: try Self.matcher(), appIDs: [Self.shop], host: "example.com").first)
        let explanation = try Self.matcher().explanation(for: try LinkURL(parsing: url), appID: Self.shop, servedFrom: "example.com")
        #expect(check.notes == explanation.steps.map(\.description))
        #expect(check.notes == ["detail 1, rule 1 `/buy/secret*` (exclude): path matched"])
    }

    @Test func withoutAppsAURLPassesWhenAnyListedAppOpensIt() throws {
        let checks = URLChecks.checks(urls: ["https://example.com/help/a", "https://example.com/buy/a"], matcher: try Self.matcher(),
                                      appIDs: [], host: "example.com")
        #expect(checks.map(\.title) == ["https://example.com/help/a opens an app", "https://example.com/buy/a opens an app"])
        #expect(checks.map(\.status) == [.pass, .pass])
        #expect(checks.map(\.detail) == [
            "opens \(Self.help): rule applinks.details[1].components[0] (`/help/*`) matches",
            "opens \(Self.shop): rule applinks.details[0].components[1] (`/buy/*`) matches",
        ])
    }

    @Test func withoutAppsAURLNoAppOpensExplainsEachApp() throws {
        let checks = URLChecks.checks(urls: ["https://example.com/buy/secret"], matcher: try Self.matcher(), appIDs: [], host: "example.com")
        let check = try #require(checks.count == 1 ? checks.first : nil)
        #expect(check.status == .fail)
        #expect(check.detail == "opens none of the 2 apps the file lists")
        #expect(check.notes == [
            "does not open \(Self.shop): excluded by applinks.details[0].components[0] (`/buy/secret*`)",
            "  detail 1, rule 1 `/buy/secret*` (exclude): path matched",
            "does not open \(Self.help): no rule matched (1 rule tried)",
            "  detail 2, rule 1 `/help/*`: path `/buy/secret` does not match `/help/*` (does not start with `/help/`)",
        ])
        #expect(check.fix == "make a rule of the detail listing the app that should open /buy/secret match it (each app's rules are above)")
    }

    @Test func withoutAppsAURLOnAnotherHostGetsTheOneFix() throws {
        let checks = URLChecks.checks(urls: ["https://www.example.com/buy/1"], matcher: try Self.matcher(), appIDs: [], host: "example.com")
        #expect(checks.first?.fix == "the file on example.com decides only URLs on example.com; check www.example.com with `landfall doctor www.example.com`")
    }

    @Test func withOneAppListedTheCheckNamesIt() throws {
        let matcher = AssociationMatcher(try AssociationFile(json: #"{"applinks": {"details": [{"appIDs": ["\#(Self.shop)"], "components": [{"/": "/buy/*"}]}]}}"#))
        let checks = URLChecks.checks(urls: ["https://example.com/buy/1"], matcher: matcher, appIDs: [], host: "example.com")
        #expect(checks.map(\.title) == ["https://example.com/buy/1 opens \(Self.shop)"])
        #expect(checks.map(\.status) == [.pass])
    }

    @Test func appsAskedAboutAreEachChecked() throws {
        let checks = URLChecks.checks(urls: ["https://example.com/help/a"], matcher: try Self.matcher(),
                                      appIDs: [Self.shop, Self.help], host: "example.com")
        #expect(checks.map(\.title) == ["https://example.com/help/a opens \(Self.shop)", "https://example.com/help/a opens \(Self.help)"])
        #expect(checks.map(\.status) == [.fail, .pass])
    }

    @Test(arguments: ["example.com/buy/1", "https://example.com/buy/a b", "https:///buy"])
    func aURLThatDoesNotParseFailsOnceWithTheParseError(_ url: String) throws {
        let checks = URLChecks.checks(urls: [url], matcher: try Self.matcher(), appIDs: [], host: "example.com")
        let check = try #require(checks.count == 1 ? checks.first : nil)
        #expect(check.status == .fail)
        #expect(check.title == "\(url) opens an app")
        #expect(check.detail.hasPrefix("not a usable URL \"\(url)\": "))
        #expect(check.fix == "write the URL in full, with https:// and the host, such as https://example.com/path")
    }

    @Test func aFileListingNoAppFailsEachURL() throws {
        let matcher = AssociationMatcher(try AssociationFile(json: #"{"applinks": {"details": []}}"#))
        let checks = URLChecks.checks(urls: ["https://example.com/a"], matcher: matcher, appIDs: [], host: "example.com")
        #expect(checks.map(\.status) == [.fail])
        #expect(checks.first?.title == "https://example.com/a opens an app")
    }
}
