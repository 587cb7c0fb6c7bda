import Testing
import AppSiteAssociation

@Suite struct EntitlementsAssociatedDomainTests {
    typealias Mode = AssociatedDomain.Mode

    @Test(arguments: [
        ("applinks:example.com", AssociatedDomain.Service.appLinks, "example.com", false, nil as Mode?),
        ("applinks:*.example.com", .appLinks, "example.com", true, nil),
        ("applinks:example.com?mode=developer", .appLinks, "example.com", false, .developer),
        ("applinks:example.com?mode=managed", .appLinks, "example.com", false, .managed),
        ("applinks:*.example.com?mode=developer+managed", .appLinks, "example.com", true, .developerAndManaged),
        ("webcredentials:login.example.com", .webCredentials, "login.example.com", false, nil),
        ("appclips:clip.example.com", .appClips, "clip.example.com", false, nil),
        ("activitycontinuation:example.com", .activityContinuation, "example.com", false, nil),
        ("applinks:xn--bcher-kva.example", .appLinks, "xn--bcher-kva.example", false, nil),
        ("applinks:localhost", .appLinks, "localhost", false, nil),
    ])
    func aWellFormedEntryIsReadIntoItsParts(_ entry: String, _ service: AssociatedDomain.Service, _ host: String, _ isWildcard: Bool, _ mode: Mode?) throws {
        let reading = AssociatedDomain.read(entry)
        #expect(reading.diagnostics.isEmpty)
        let domain = try #require(reading.domain)
        #expect(domain.service == service)
        #expect(domain.host == host)
        #expect(domain.isWildcard == isWildcard)
        #expect(domain.mode == mode)
        #expect(domain.description == entry)
        #expect(try AssociatedDomain(parsing: entry) == domain)
    }

    @Test func aWildcardEntryIsCheckedAtTheApexOnly() throws {
        #expect(try AssociatedDomain(parsing: "applinks:*.example.com").hostsToCheck == ["example.com"])
        #expect(try AssociatedDomain(parsing: "applinks:*.links.example.com?mode=developer").hostsToCheck == ["links.example.com"])
        #expect(try AssociatedDomain(parsing: "applinks:www.example.com").hostsToCheck == ["www.example.com"])
    }

    /// One row per malformed form: the entry, the exact code, and the corrected entry the fix names.
    @Test(arguments: [
        ("applinks:https://example.com", "entitlements.scheme", "write applinks:example.com"),
        ("applinks:http://example.com/path?x=1", "entitlements.scheme", "write applinks:example.com"),
        ("https://example.com", "entitlements.scheme", "write applinks:example.com"),
        ("applinks://example.com", "entitlements.scheme", "write applinks:example.com"),
        ("applinks:example.com:8443", "entitlements.port", "write applinks:example.com and serve the file on port 443"),
        ("applinks:example.com:443?mode=developer", "entitlements.port", "write applinks:example.com?mode=developer"),
        ("applinks:example.com/products", "entitlements.path", "write applinks:example.com"),
        ("applinks:example.com/.well-known/apple-app-site-association", "entitlements.path", "write applinks:example.com"),
        ("applinks:example.com/", "entitlements.trailing-slash", "write applinks:example.com"),
        ("applinks:*.example.com/?mode=developer", "entitlements.trailing-slash", "write applinks:*.example.com?mode=developer"),
        ("applinks:example.com.", "entitlements.trailing-dot", "write applinks:example.com"),
        ("applinks:", "entitlements.empty-host", "write applinks:example.com with the host"),
        ("applinks:*.", "entitlements.empty-host", "write applinks:example.com with the host"),
        ("applinks:?mode=developer", "entitlements.empty-host", "write applinks:example.com with the host"),
        ("applinks:example.com?mode=production", "entitlements.invalid-mode", "use ?mode=developer, ?mode=managed or ?mode=developer+managed"),
        ("applinks:example.com?mode=develop", "entitlements.invalid-mode", "did you mean \"developer\"? write applinks:example.com?mode=developer"),
        ("applinks:example.com?mode=", "entitlements.invalid-mode", "use ?mode=developer"),
        ("applinks:example.com?developer", "entitlements.invalid-mode", "write applinks:example.com, or add ?mode=developer"),
        ("applinks:*example.com", "entitlements.invalid-wildcard", "write applinks:*.example.com"),
        ("applinks:app*.example.com", "entitlements.invalid-wildcard", "write applinks:*.example.com"),
        ("applinks:www.*.example.com", "entitlements.invalid-wildcard", "write applinks:*.example.com"),
        ("applinks:*", "entitlements.invalid-wildcard", "write applinks:*.example.com"),
        ("applinks:*.*.example.com", "entitlements.invalid-wildcard", "write applinks:*.example.com"),
        ("applink:example.com", "entitlements.unknown-service", "did you mean \"applinks\"? write applinks:example.com"),
        ("AppLinks:example.com", "entitlements.unknown-service", "did you mean \"applinks\"? write applinks:example.com"),
        ("webcredential:example.com", "entitlements.unknown-service", "did you mean \"webcredentials\"? write webcredentials:example.com"),
        ("universal:example.com", "entitlements.unknown-service", "use one of applinks:, webcredentials:, appclips:, activitycontinuation:"),
        ("example.com", "entitlements.missing-service", "write applinks:example.com"),
        ("applinks: example.com", "entitlements.whitespace", "write applinks:example.com"),
        ("applinks:example.com ", "entitlements.whitespace", "write applinks:example.com"),
        ("\tapplinks:example.com\n", "entitlements.whitespace", "write applinks:example.com"),
        ("applinks:exa mple.com", "entitlements.whitespace", "write applinks:example.com"),
        ("applinks:example..com", "entitlements.invalid-host", "one dot between labels"),
        ("applinks:bücher.example", "entitlements.invalid-host", "ASCII (xn--) form"),
        ("applinks:user@example.com", "entitlements.invalid-host", "write only the host name"),
    ])
    func aMalformedEntryFailsWithItsCodeAndFix(_ entry: String, _ code: String, _ fix: String) throws {
        let reading = AssociatedDomain.read(entry, path: ["com.apple.developer.associated-domains", 3])
        #expect(reading.domain == nil)
        #expect(reading.diagnostics.map(\.code) == [code])
        let diagnostic = try #require(reading.diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.path == ["com.apple.developer.associated-domains", 3])
        let written = try #require(diagnostic.fix)
        #expect(written.contains(fix), "fix was: \(written)")
        #expect(throws: AssociatedDomainError.self) { try AssociatedDomain(parsing: entry) }
    }

    @Test(arguments: [
        ("applinks:Example.com", "example.com", "write applinks:example.com in lower case"),
        ("applinks:*.EXAMPLE.com?mode=developer", "example.com", "write applinks:*.example.com?mode=developer in lower case"),
    ])
    func upperCaseInTheHostWarnsAndReadsTheHostInLowerCase(_ entry: String, _ host: String, _ fix: String) throws {
        let reading = AssociatedDomain.read(entry)
        #expect(reading.diagnostics.map(\.code) == ["entitlements.uppercase-host"])
        #expect(reading.diagnostics.first?.severity == .warning)
        #expect(reading.diagnostics.first?.fix == fix)
        #expect(reading.domain?.host == host)
        #expect(try AssociatedDomain(parsing: entry).host == host)
    }

    @Test func theThrownErrorCarriesTheFirstDiagnostic() {
        do {
            _ = try AssociatedDomain(parsing: "applinks:https://example.com")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostic.code == "entitlements.scheme")
            #expect(error.description.contains("fix: write applinks:example.com"))
        }
    }

    @Test func everyCodeHasASummaryAndAnEntitlementsPrefix() {
        for code in EntitlementsLintCode.allCases {
            #expect(code.rawValue.hasPrefix("entitlements."))
            #expect(!code.summary.isEmpty)
        }
    }
}
