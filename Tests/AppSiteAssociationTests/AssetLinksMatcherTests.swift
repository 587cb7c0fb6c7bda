import Testing
import AppSiteAssociation

/// "Does this URL open package P on Android?" — App Links with and without Android 15's
/// `dynamic_app_link_components`.
@Suite struct AssetLinksMatcherTests {
    typealias Fixtures = AssetLinksFixtures

    /// A site with one app using many kinds of rule, a second app without rules, and a package
    /// that is named only for credential sharing.
    static let site = Fixtures.file(
        Fixtures.statement(components: #"""
        [
          {"/": "/help/website/*", "exclude": true, "comments": "help pages that only make sense on the web"},
          {"/": "/help/*", "?": {"article": "????"}},
          {"/": "/products/*"},
          {"/": "/shoes", "?": {"in_app": "true"}},
          {"/": "/search", "?": {"q": "?*", "lang": "*"}},
          {"#": "app-*"},
          {"/": "/id/????"},
          {"/": "/a/*/c"},
          {"/": "/private/*", "exclude": true},
          {"/": "/p?ivate/x"},
          {"/": "/v/$(digit)"},
          {"/": "*", "exclude": true}
        ]
        """#),
        Fixtures.statement(package: "com.example.other", fingerprints: [Fixtures.uploadKey]),
        Fixtures.statement(package: "com.example.passwords", relations: [AssetLinkStatement.getLoginCredentials])
    )

    /// One app with two statements: Play's key without rules, the upload key with rules.
    static let twoKeys = Fixtures.file(
        Fixtures.statement(fingerprints: [Fixtures.playKey]),
        Fixtures.statement(fingerprints: [Fixtures.uploadKey], components: #"[{"/": "/beta/*"}]"#)
    )

    /// Rules that allow some paths and exclude nothing explicitly.
    static let allowOnly = Fixtures.file(Fixtures.statement(components: ##"[{"/": "/products/*"}, {"/": "/", "#": ""}]"##))

    /// A statement whose component list is present but empty.
    static let emptyComponents = Fixtures.file(Fixtures.statement(components: "[]"))

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var file = AssetLinksMatcherTests.site
        var url: String
        var package = "com.example.app"
        var androidVersion = 15
        var missingQueryItem = AssetLinksMatcher.MissingQueryItem.neverMatches
        var fingerprint: String?
        var host: String?
        var outcome: MatchDecision.Outcome
        var reason: AssetLinksDecision.Reason
        /// (statement, rule) of the deciding rule.
        var rule: (Int, Int)?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // Paths
        Case(name: "a path under a * rule opens the app", url: "https://example.com/products/42",
             outcome: .match, reason: .ruleMatched, rule: (0, 2)),
        Case(name: "* matches the empty rest of a path", url: "https://example.com/products/",
             outcome: .match, reason: .ruleMatched, rule: (0, 2)),
        Case(name: "a path without the slash before * does not match it", url: "https://example.com/products",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "* crosses slashes", url: "https://example.com/products/shoes/42/reviews",
             outcome: .match, reason: .ruleMatched, rule: (0, 2)),
        Case(name: "paths compare case-sensitively", url: "https://example.com/Products/42",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "? in a path stands for exactly one character", url: "https://example.com/id/4815",
             outcome: .match, reason: .ruleMatched, rule: (0, 6)),
        Case(name: "???? does not match three characters", url: "https://example.com/id/481",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "/a/*/c matches a segment between", url: "https://example.com/a/b/c",
             outcome: .match, reason: .ruleMatched, rule: (0, 7)),
        Case(name: "/a/*/c does not match /a/c", url: "https://example.com/a/c",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "paths compare as written, without percent-decoding", url: "https://example.com/id/%341",
             outcome: .match, reason: .ruleMatched, rule: (0, 6)),
        Case(name: "$(digit) is literal text on Android, not a digit", url: "https://example.com/v/5",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "$(digit) matches itself", url: "https://example.com/v/$(digit)",
             outcome: .match, reason: .ruleMatched, rule: (0, 10)),
        Case(name: "an empty path is compared as /", url: "https://example.com",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        // Exclusion order
        Case(name: "an exclusion before a broader rule wins", url: "https://example.com/help/website/faq?article=1234",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 0)),
        Case(name: "an exclusion before a rule that would match keeps the app closed", url: "https://example.com/private/x",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 8)),
        Case(name: "the rule after that exclusion still decides for other paths", url: "https://example.com/prrivate/x",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "? in a later rule matches what the exclusion does not", url: "https://example.com/pXivate/x",
             outcome: .match, reason: .ruleMatched, rule: (0, 9)),
        Case(name: "the final catch-all exclusion closes everything else", url: "https://example.com/about",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        // Query dictionaries
        Case(name: "a query item that matches opens the app", url: "https://example.com/help/faq?article=1234",
             outcome: .match, reason: .ruleMatched, rule: (0, 1)),
        Case(name: "a query item that does not match fails the rule", url: "https://example.com/help/faq?article=123",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "a missing query item counts as empty, which ???? does not match", url: "https://example.com/help/faq",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "query item order and other items do not matter", url: "https://example.com/help/faq?x=1&article=abcd&y",
             outcome: .match, reason: .ruleMatched, rule: (0, 1)),
        Case(name: "a repeated query item must match every time", url: "https://example.com/help/faq?article=1234&article=99",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "a literal query value matches exactly", url: "https://example.com/shoes?in_app=true",
             outcome: .match, reason: .ruleMatched, rule: (0, 3)),
        Case(name: "a different query value does not match", url: "https://example.com/shoes?in_app=false",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "query values compare case-sensitively", url: "https://example.com/shoes?in_app=TRUE",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "a path that matches is not enough when the query item is missing", url: "https://example.com/shoes",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "with matchesAsEmpty a missing item matches * as the empty string", url: "https://example.com/search?q=boots",
             missingQueryItem: .matchesAsEmpty, outcome: .match, reason: .ruleMatched, rule: (0, 4)),
        Case(name: "by default a missing item fails the rule, as Android requires named items", url: "https://example.com/search?q=boots",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "?* needs at least one character", url: "https://example.com/search?q=&lang=en",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "a missing item does not match ?*", url: "https://example.com/search?lang=en",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "with neverMatches a missing item fails even *", url: "https://example.com/search?q=boots",
             missingQueryItem: .neverMatches, outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "with neverMatches a present item still matches", url: "https://example.com/search?q=boots&lang=",
             missingQueryItem: .neverMatches, outcome: .match, reason: .ruleMatched, rule: (0, 4)),
        Case(name: "a rule without ? ignores the query", url: "https://example.com/products/42?utm_source=mail",
             outcome: .match, reason: .ruleMatched, rule: (0, 2)),
        // Fragments
        Case(name: "a fragment rule matches the fragment", url: "https://example.com/anything#app-promo",
             outcome: .match, reason: .ruleMatched, rule: (0, 5)),
        Case(name: "a fragment rule does not match a different fragment", url: "https://example.com/anything#app",
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 11)),
        Case(name: "a rule without # ignores the fragment", url: "https://example.com/products/42#reviews",
             outcome: .match, reason: .ruleMatched, rule: (0, 2)),
        Case(name: "an absent fragment is empty and matches an empty pattern", file: allowOnly, url: "https://example.com/",
             outcome: .match, reason: .ruleMatched, rule: (0, 1)),
        Case(name: "a present fragment does not match an empty pattern", file: allowOnly, url: "https://example.com/#top",
             outcome: .noMatch, reason: .noRuleMatched),
        // No rule, no components
        Case(name: "a URL no rule matches does not open the app", file: allowOnly, url: "https://example.com/about",
             outcome: .noMatch, reason: .noRuleMatched),
        Case(name: "an app without components opens every URL", url: "https://example.com/private/x", package: "com.example.other",
             outcome: .match, reason: .noComponents),
        Case(name: "an empty component list is the same as none", file: emptyComponents, url: "https://example.com/anything",
             outcome: .match, reason: .noComponents),
        Case(name: "the single-app file opens every URL", file: Fixtures.singleApp, url: "https://example.com/whatever?x#y",
             outcome: .match, reason: .noComponents),
        // Android 14 and earlier
        Case(name: "Android 14 ignores components and opens an excluded URL", url: "https://example.com/private/x", androidVersion: 14,
             outcome: .match, reason: .componentsIgnored),
        Case(name: "Android 12 opens a URL no rule matches", file: allowOnly, url: "https://example.com/about", androidVersion: 12,
             outcome: .match, reason: .componentsIgnored),
        Case(name: "Android 16 reads components like 15", url: "https://example.com/private/x", androidVersion: 16,
             outcome: .exclude, reason: .exclusionMatched, rule: (0, 8)),
        Case(name: "Android 14 still needs the package to be listed", url: "https://example.com/products/1", package: "com.example.nope",
             androidVersion: 14, outcome: .noMatch, reason: .packageNotListed),
        // Packages, relations, fingerprints
        Case(name: "a package no statement names never opens", url: "https://example.com/products/42", package: "com.example.nope",
             outcome: .noMatch, reason: .packageNotListed),
        Case(name: "package names compare exactly", url: "https://example.com/products/42", package: "com.example.App",
             outcome: .noMatch, reason: .packageNotListed),
        Case(name: "a package named only for credentials does not open links", url: "https://example.com/products/42",
             package: "com.example.passwords", outcome: .noMatch, reason: .relationNotListed),
        Case(name: "the right fingerprint opens the app", url: "https://example.com/products/42", fingerprint: Fixtures.playKey,
             outcome: .match, reason: .ruleMatched, rule: (0, 2)),
        Case(name: "fingerprints compare ignoring case and colons", url: "https://example.com/products/42",
             fingerprint: Fixtures.playKey.lowercased().replacingOccurrences(of: ":", with: ""),
             outcome: .match, reason: .ruleMatched, rule: (0, 2)),
        Case(name: "a fingerprint the statements do not list never opens", url: "https://example.com/products/42",
             fingerprint: Fixtures.uploadKey, outcome: .noMatch, reason: .fingerprintNotListed),
        Case(name: "Play's key picks the statement without rules", file: twoKeys, url: "https://example.com/other",
             fingerprint: Fixtures.playKey, outcome: .match, reason: .noComponents),
        Case(name: "the upload key picks the statement with rules", file: twoKeys, url: "https://example.com/beta/1",
             fingerprint: Fixtures.uploadKey, outcome: .match, reason: .ruleMatched, rule: (1, 0)),
        Case(name: "the upload key's rules keep other URLs closed", file: twoKeys, url: "https://example.com/other",
             fingerprint: Fixtures.uploadKey, outcome: .noMatch, reason: .noRuleMatched),
        Case(name: "without a fingerprint the rules of every statement for the app apply", file: twoKeys, url: "https://example.com/other",
             outcome: .noMatch, reason: .noRuleMatched),
        // Schemes and hosts
        Case(name: "an http URL is an App Link too", url: "http://example.com/products/42",
             outcome: .match, reason: .ruleMatched, rule: (0, 2)),
        Case(name: "another scheme is never an App Link", url: "myapp://example.com/products/42",
             outcome: .noMatch, reason: .notWebURL),
        Case(name: "a URL on another host than the file's never opens", url: "https://www.example.com/products/42", host: "example.com",
             outcome: .noMatch, reason: .otherHost),
        Case(name: "hosts compare case-insensitively", url: "https://EXAMPLE.com/products/42", host: "example.COM",
             outcome: .match, reason: .ruleMatched, rule: (0, 2)),
    ]

    @Test(arguments: cases)
    func theDecisionIsAndroids(_ testCase: Case) throws {
        let file = try AssetLinksFile(json: testCase.file)
        let matcher = AssetLinksMatcher(file, androidVersion: testCase.androidVersion, missingQueryItem: testCase.missingQueryItem)
        let decision = try matcher.decision(for: testCase.url, packageName: testCase.package,
                                            certificateFingerprint: testCase.fingerprint, servedFrom: testCase.host)
        #expect(decision.outcome == testCase.outcome, "\(decision)")
        #expect(decision.reason == testCase.reason, "\(decision)")
        #expect(decision.rule.map { [$0.statementIndex, $0.ruleIndex] } == testCase.rule.map { [$0.0, $0.1] }, "\(decision)")
        #expect(decision.opensApp == (testCase.outcome == .match))
    }

    @Test func thereAreAtLeastThirtyDynamicComponentCases() {
        #expect(Self.cases.count(where: { $0.rule != nil || $0.reason == .noRuleMatched }) >= 30)
    }

    // MARK: The documented example

    static var documented: AssetLinksFile {
        get throws { try AssetLinksFile(json: AssetLinksFixtures.android15) }
    }

    @Test(arguments: [
        ("https://example.com/anything?dl=abc", MatchDecision.Outcome.match, 0),
        ("https://example.com/anything#app", .match, 1),
        ("https://example.com/products/1", .match, 2),
        ("https://example.com/shoes?in_app=true", .match, 3),
        ("https://example.com/shoes", .exclude, 4),
        ("https://example.com/about", .exclude, 4),
    ])
    func theDocumentedExampleDecidesAsDocumentedByDefault(_ url: String, _ outcome: MatchDecision.Outcome, _ rule: Int) throws {
        let decision = try AssetLinksMatcher(Self.documented).decision(for: url, packageName: "com.example.app")
        #expect(decision.outcome == outcome, "\(decision)")
        #expect(decision.rule?.ruleIndex == rule)
    }

    @Test func withMissingItemsAsEmptyTheDocumentedFirstRuleMatchesEveryURL() throws {
        let decision = try AssetLinksMatcher(Self.documented, missingQueryItem: .matchesAsEmpty)
            .decision(for: "https://example.com/about", packageName: "com.example.app")
        #expect(decision.outcome == .match)
        #expect(decision.rule == AssetLinksRuleLocation(statementIndex: 0, ruleIndex: 0))
    }

    // MARK: Explanations

    @Test func theExplanationListsEveryRuleTriedAndWhyItFailed() throws {
        let matcher = AssetLinksMatcher(try AssetLinksFile(json: Self.site))
        let decision = try matcher.explanation(for: "https://example.com/help/faq?article=123", packageName: "com.example.app")
        #expect(decision.summary == "does not open com.example.app: statement 1, rule 12 `*` excludes it")
        #expect(decision.steps.count == 12)
        #expect(decision.lines[1] == "statement 1, rule 1 `/help/website/*` (exclude): path `/help/faq` does not match `/help/website/*` (needs at least 14 characters, found 9)")
        #expect(decision.lines[2] == #"statement 1, rule 2 `{"/":"/help/*","?":{"article":"????"}}`: path matched; query item `article` = `123` does not match `????` (needs 4 characters, found 3)"#)
        #expect(decision.lines.last == "statement 1, rule 12 `*` (exclude): path matched")
    }

    @Test func theExplanationOfAMatchNamesTheRule() throws {
        let matcher = AssetLinksMatcher(try AssetLinksFile(json: Self.site))
        let decision = try matcher.decision(for: "https://example.com/products/42", packageName: "com.example.app")
        #expect(decision.summary == "opens com.example.app: statement 1, rule 3 `/products/*` matched")
        #expect(decision.rule?.jsonPath.description == #"[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components[2]"#)
        #expect(decision.statementIndex == 0)
    }

    @Test func aMissingItemIsExplainedWhenItemsMustBePresent() throws {
        let matcher = AssetLinksMatcher(try AssetLinksFile(json: Self.site), missingQueryItem: .neverMatches)
        let decision = try matcher.explanation(for: "https://example.com/search?q=boots", packageName: "com.example.app")
        #expect(decision.steps[4].description.contains("query item `lang` = `` does not match `*` (the URL has no such item)"))
    }

    @Test(arguments: [
        (AssetLinksDecision.Reason.noComponents, "https://example.com/x", "com.example.other", 15,
         "opens com.example.other: statement 2 grants App Links with no dynamic_app_link_components, so every URL on the host opens it"),
        (.componentsIgnored, "https://example.com/x", "com.example.app", 14,
         "opens com.example.app: Android 14 ignores dynamic_app_link_components, so every URL on the host opens it"),
        (.packageNotListed, "https://example.com/x", "com.example.nope", 15,
         "does not open com.example.nope: no statement names it as an android_app target"),
        (.relationNotListed, "https://example.com/x", "com.example.passwords", 15,
         "does not open com.example.passwords: statements name it but none grants delegate_permission/common.handle_all_urls, which App Links need"),
        (.notWebURL, "ftp://example.com/x", "com.example.app", 15,
         "does not open com.example.app: only http and https URLs are App Links, this one is ftp"),
    ])
    func everyReasonHasASentence(_ reason: AssetLinksDecision.Reason, _ url: String, _ package: String, _ version: Int, _ summary: String) throws {
        let decision = try AssetLinksMatcher(try AssetLinksFile(json: Self.site), androidVersion: version).decision(for: url, packageName: package)
        #expect(decision.reason == reason)
        #expect(decision.summary == summary)
    }

    // MARK: The matcher itself

    @Test func theSwitchForDynamicComponentsPicksAVersion() throws {
        let file = try AssetLinksFile(json: Self.site)
        #expect(AssetLinksMatcher(file).supportsDynamicComponents)
        #expect(AssetLinksMatcher(file, supportsDynamicComponents: true).androidVersion == 15)
        #expect(!AssetLinksMatcher(file, supportsDynamicComponents: false).supportsDynamicComponents)
        #expect(!AssetLinksMatcher(file, androidVersion: 14).supportsDynamicComponents)
    }

    @Test func itListsThePackagesGrantedAppLinks() throws {
        #expect(AssetLinksMatcher(try AssetLinksFile(json: Self.site)).packageNames == ["com.example.app", "com.example.other"])
    }

    @Test func aStringThatIsNotAURLThrows() throws {
        let matcher = AssetLinksMatcher(try AssetLinksFile(json: Self.site))
        #expect(throws: LinkURL.ParseError.self) { try matcher.decision(for: "/products/42", packageName: "com.example.app") }
    }

    /// A hang guard, not a speed assertion (speed is measured in Benchmarks/).
    @Test(.timeLimit(.minutes(1))) func aHostilePatternIsStillFast() throws {
        let rule = #"[{"/": "*a*a*a*a*a*a*a*a*a*a*a*a*b"}]"#
        let matcher = AssetLinksMatcher(try AssetLinksFile(json: Fixtures.file(Fixtures.statement(components: rule))))
        let url = "https://example.com/" + String(repeating: "a", count: 10_000)
        let link = try LinkURL(parsing: url)
        let outcome = matcher.decision(for: link, packageName: "com.example.app").outcome
        #expect(outcome == .noMatch)
    }
}
