@testable import AppSiteAssociation
import SeededRandom
import Testing

@Suite struct ReachabilityLintTests {
    typealias F = LintFixtures

    static let unreachableCodes: Set<String> = [
        "aasa.unreachable-after-catch-all", "aasa.duplicate-rule", "aasa.shadowed-exclusion", "aasa.shadowed-rule",
    ]

    /// The unreachable-rule diagnostics of a one-detail file, as (code, component index).
    static func unreachable(_ rules: String, appLinks: String = "", detail: String = "") -> [(String, Int)] {
        let report = AssociationLinter().lint(F.components(rules, appLinks: appLinks, detail: detail))
        return report.diagnostics.filter { unreachableCodes.contains($0.code) }.compactMap { diagnostic in
            guard case .index(let index)? = diagnostic.path?.components.last else { return nil }
            return (diagnostic.code, index)
        }
    }

    // MARK: Pattern coverage

    @Test(arguments: [
        ("*", "/anything/*"), ("/help/*", "/help/website/*"), ("/help/*", "/help/"), ("/help/*", "/help/*"),
        ("/a/?", "/a/b"), ("/a/?", "/a/?"), ("/a/*/c", "/a/b/c"), ("/a/*", "/a/?*"), ("/*/c", "/a/*/c"),
        ("*.html", "/docs/*.html"), ("/id/????", "/id/12?4"), ("/a*b*c", "/a-b-c"), ("/x/*", "/x/**"),
        ("?*", "/a"), ("/*", "/a/*"), ("/caf?", "/cafe"), ("/café/*", "/café/x"), ("/*/x", "/é/x"),
    ])
    func aBroaderPatternCoversANarrowerOne(_ broad: String, _ narrow: String) throws {
        let a = try #require(CoveragePattern(broad, caseSensitive: true))
        let b = try #require(CoveragePattern(narrow, caseSensitive: true))
        var budget = 1_000_000
        #expect(a.covers(b, budget: &budget))
    }

    @Test(arguments: [
        ("/help/website/*", "/help/*"), ("/a/?", "/a/*"), ("/a/?", "/a/bc"), ("/a/b", "/a/?"), ("/a/*/c", "/a/c"),
        ("/help/*", "/helper"), ("/a*b", "/a*"), ("?", "*"), ("/id/????", "/id/123"), ("/a/b", "/A/b"),
        ("/*/c", "/a/*"), ("*a", "*"), ("/caf??", "/café"),
    ])
    func aPatternDoesNotCoverOneThatMatchesMore(_ pattern: String, _ other: String) throws {
        let a = try #require(CoveragePattern(pattern, caseSensitive: true))
        let b = try #require(CoveragePattern(other, caseSensitive: true))
        var budget = 1_000_000
        #expect(!a.covers(b, budget: &budget))
    }

    /// Soundness: whenever coverage is claimed, every sample the narrower pattern matches is
    /// matched by the broader one (checked with the matcher's own wildcard engine).
    @Test func claimedCoverageAgreesWithTheMatcherOnSamples() {
        var generator = SeededGenerator(seed: 7)
        let alphabet: [Character] = ["a", "b", "/", "*", "?", "é"]
        func pattern() -> String {
            String((0..<(1 + Int(generator.next() % 5))).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
        let samples = ["", "a", "b", "/", "ab", "ba", "a/b", "//", "aa", "bb", "/a", "a/", "abab", "a/b/a", "b/a/b", "aab", "/ab/",
                       "é", "éé", "aé", "éa", "/é/", "a/é"]
        var claimed = 0
        for _ in 0..<3_000 {
            let broad = pattern()
            let narrow = pattern()
            guard let a = CoveragePattern(broad, caseSensitive: true), let b = CoveragePattern(narrow, caseSensitive: true) else { continue }
            var budget = 1_000_000
            guard a.covers(b, budget: &budget) else { continue }
            claimed += 1
            let broadPattern = WildcardPattern(broad)
            let narrowPattern = WildcardPattern(narrow)
            for sample in samples where narrowPattern.matches(sample) {
                #expect(broadPattern.matches(sample), "\(broad) claimed to cover \(narrow), but \(sample) differs")
            }
        }
        #expect(claimed > 100)
    }

    @Test func patternsWithVariablesAreNotCompared() {
        #expect(CoveragePattern("/$(lang)/*", caseSensitive: true) == nil)
    }

    @Test func anExhaustedBudgetAnswersNo() throws {
        let a = try #require(CoveragePattern("/a*b*c*d", caseSensitive: true))
        let b = try #require(CoveragePattern("/a-b-c-d", caseSensitive: true))
        var budget = 3
        #expect(!a.covers(b, budget: &budget))
        #expect(budget == 0)
    }

    /// Soundness against the matcher itself: over generated files, no URL is ever decided by a
    /// rule the linter calls unreachable.
    @Test func theMatcherNeverDecidesWithARuleReportedUnreachable() throws {
        var generator = SeededGenerator(seed: 2024)
        func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }
        let paths = [nil, "*", "/a/*", "/a/b", "/a/?", "/a/*/c", "/b/*", "a/b", "/A/*", "/a/b/*", "/?*", "/$(digit)/x"]
        let queries = [nil, nil, #""x=1""#, #""x=*""#, #"{"x": "1"}"#, #"{"x": "?*"}"#, #"{"x": "*"}"#, #"{"x": "1", "y": "?"}"#]
        let fragments = [nil, nil, #""f""#, #""*""#, #""?*""#]
        func component() -> String {
            var keys: [String] = []
            if let path = pick(paths) { keys.append(#""/": "\#(path)""#) }
            if let query = pick(queries) { keys.append(#""?": \#(query)"#) }
            if let fragment = pick(fragments) { keys.append(##""#": \##(fragment)"##) }
            if generator.next() % 3 == 0 { keys.append(#""exclude": true"#) }
            if generator.next() % 6 == 0 { keys.append(#""caseSensitive": false"#) }
            return "{" + keys.joined(separator: ", ") + "}"
        }
        let urls = ["/", "/a", "/a/", "/a/b", "/A/b", "/a/c", "/a/b/c", "/a/x/c", "/b", "/b/x", "/ab", "/1/x", "/12/x"].flatMap { path in
            ["", "?x=1", "?x=2", "?y=1", "?x=1&y=2", "?x="].flatMap { query in
                ["", "#f", "#g"].map { "https://example.com\(path)\(query)\($0)" }
            }
        }
        var claims = 0
        for _ in 0..<250 {
            let detailCount = 1 + Int(generator.next() % 2)
            let details = (0..<detailCount).map { index in
                let apps = index == 0 && generator.next() % 2 == 0 ? #""\#(F.app)", "\#(F.otherApp)""# : #""\#(F.app)""#
                let rules = (0..<(1 + Int(generator.next() % 4))).map { _ in component() }.joined(separator: ", ")
                return #"{"appIDs": [\#(apps)], "components": [\#(rules)]}"#
            }
            let json = F.details(details.joined(separator: ", "))
            let report = AssociationLinter().lint(json)
            let unreachable = Set(report.diagnostics.filter { Self.unreachableCodes.contains($0.code) }.compactMap { diagnostic -> [Int]? in
                guard let components = diagnostic.path?.components, components.count == 5,
                      case .index(let detail) = components[2], case .index(let rule) = components[4] else { return nil }
                return [detail, rule]
            })
            claims += unreachable.count
            guard !unreachable.isEmpty else { continue }
            let matcher = AssociationMatcher(try AssociationFile(json: json))
            for url in urls {
                let decision = try matcher.decision(for: url, appID: F.app)
                if let rule = decision.rule {
                    #expect(!unreachable.contains([rule.detailIndex, rule.ruleIndex]), "\(url) decided by \(rule) in \(json)")
                }
            }
        }
        #expect(claims > 100)
    }

    // MARK: Rules in one detail

    @Test func everythingAfterACatchAllIsUnreachable() {
        let found = Self.unreachable(#"{"/": "/a"}, {"/": "*"}, {"/": "/b"}, {"/": "/c", "exclude": true}"#)
        #expect(found.map(\.0) == ["aasa.unreachable-after-catch-all", "aasa.unreachable-after-catch-all"])
        #expect(found.map(\.1) == [2, 3])
    }

    @Test(arguments: [#"{}"#, #"{"comment": "all"}"#, #"{"/": "**"}"#, ##"{"/": "*", "?": "*", "#": "*"}"##, #"{"?": {"a": "*"}}"#, #"{"/": "*", "?": {"a": 1}}"#])
    func aRuleWithNoEffectivePatternIsACatchAll(_ rule: String) {
        let found = Self.unreachable(rule + #", {"/": "/b"}"#)
        #expect(found.map(\.0) == ["aasa.unreachable-after-catch-all"])
    }

    @Test(arguments: [#"{"/": "*", "?": {"a": "?*"}}"#, ##"{"/": "*", "#": "x"}"##, #"{"/": "/*"}"#, #"{"/": "*", "?": "?*"}"#])
    func aStarPathWithAnotherConditionIsNotACatchAll(_ rule: String) {
        let found = Self.unreachable(rule + #", {"/": "*", "exclude": true}"#)
        #expect(!found.contains { $0.0 == "aasa.unreachable-after-catch-all" })
    }

    @Test func theExampleOfAnExclusionAfterABroaderMatch() {
        let found = Self.unreachable(#"{"/": "/help/*"}, {"/": "/help/website/*", "exclude": true}"#)
        #expect(found.map(\.0) == ["aasa.shadowed-exclusion"])
        let report = AssociationLinter().lint(F.components(#"{"/": "/help/*"}, {"/": "/help/website/*", "exclude": true}"#))
        let diagnostic = report.diagnostics.first { $0.code == "aasa.shadowed-exclusion" }
        #expect(diagnostic?.message == #"exclusion components[1] "/help/website/*" is never reached: components[0] "/help/*" comes first and already opens the app for every URL it would exclude"#)
        #expect(diagnostic?.fix == #"move the exclusion before components[0] "/help/*""#)
    }

    @Test func anExclusionBeforeTheBroaderMatchIsFine() {
        #expect(Self.unreachable(#"{"/": "/help/website/*", "exclude": true}, {"/": "/help/*"}"#).isEmpty)
    }

    @Test func exactDuplicatesAreReportedAtTheLaterOne() {
        let found = Self.unreachable(#"{"/": "/a/$(lang)"}, {"/": "/b"}, {"/": "/a/$(lang)"}"#)
        #expect(found.map(\.0) == ["aasa.duplicate-rule"])
        #expect(found.map(\.1) == [2])
    }

    @Test func duplicatesIgnoreCommentsItemOrderAndTheOptionalLeadingSlash() {
        let found = Self.unreachable(#"{"/": "a", "?": {"x": "1", "y": "2"}, "comment": "one"}, {"/": "/a", "?": {"y": "2", "x": "1"}, "comment": "two"}"#)
        #expect(found.map(\.0) == ["aasa.duplicate-rule"])
    }

    @Test func theSamePatternsWithTheOppositeExclusionAreShadowed() {
        let found = Self.unreachable(#"{"/": "/a/$(lang)"}, {"/": "/a/$(lang)", "exclude": true}"#)
        #expect(found.map(\.0) == ["aasa.shadowed-exclusion"])
    }

    @Test func aNarrowerRuleAfterABroaderOneOfTheSameKindIsShadowed() {
        let found = Self.unreachable(#"{"/": "/buy/*"}, {"/": "/buy/special"}"#)
        #expect(found.map(\.0) == ["aasa.shadowed-rule"])
    }

    @Test func theQueryAndFragmentCountWhenComparing() {
        // The later rule matches URLs without the query item the earlier one needs.
        #expect(Self.unreachable(#"{"/": "/help/*", "?": {"id": "?*"}}, {"/": "/help/faq", "exclude": true}"#).isEmpty)
        // The later rule needs the same item, narrower: covered.
        #expect(Self.unreachable(#"{"/": "/help/*", "?": {"id": "?*"}}, {"/": "/help/faq", "?": {"id": "12", "x": "y"}, "exclude": true}"#).map(\.0)
                == ["aasa.shadowed-exclusion"])
        // A fragment on the earlier rule only: the later one also matches other fragments.
        #expect(Self.unreachable(##"{"/": "/a/*", "#": "top"}, {"/": "/a/b"}"##).isEmpty)
        #expect(Self.unreachable(##"{"/": "/a/*", "#": "t*"}, {"/": "/a/b", "#": "top"}"##).map(\.0) == ["aasa.shadowed-rule"])
        // Whole-query strings compare as patterns.
        #expect(Self.unreachable(#"{"/": "/s", "?": "q=*"}, {"/": "/s", "?": "q=a"}"#).map(\.0) == ["aasa.shadowed-rule"])
        #expect(Self.unreachable(#"{"/": "/s", "?": "q=a"}, {"/": "/s", "?": "q=*"}"#).isEmpty)
        // An earlier rule without a query covers a later one with any query.
        #expect(Self.unreachable(#"{"/": "/s/*"}, {"/": "/s/x", "?": "q=*"}"#).map(\.0) == ["aasa.shadowed-rule"])
    }

    @Test func rulesWithDifferentSettingsAreNotCompared() {
        #expect(Self.unreachable(#"{"/": "/help/*", "caseSensitive": false}, {"/": "/help/x", "exclude": true}"#).isEmpty)
        #expect(Self.unreachable(#"{"/": "/help/*", "percentEncoded": false}, {"/": "/help/x", "exclude": true}"#).isEmpty)
        // Equal settings, one from the component and one from defaults.
        #expect(Self.unreachable(#"{"/": "/HELP/*", "caseSensitive": false}, {"/": "/help/x", "exclude": true}"#,
                                 detail: #""defaults": {"caseSensitive": false}, "#).map(\.0) == ["aasa.shadowed-exclusion"])
    }

    @Test func caseInsensitiveRulesCompareLowerCased() {
        #expect(Self.unreachable(#"{"/": "/Help/*"}, {"/": "/hElp/Website", "exclude": true}"#,
                                 appLinks: #""defaults": {"caseSensitive": false}, "#).map(\.0) == ["aasa.shadowed-exclusion"])
        #expect(Self.unreachable(#"{"/": "/Help/*"}, {"/": "/hElp/Website", "exclude": true}"#).isEmpty)
    }

    @Test func rulesWithVariablesAreOnlyComparedForDuplicates() {
        #expect(Self.unreachable(#"{"/": "/$(lang)/*"}, {"/": "/$(lang)/x", "exclude": true}"#).isEmpty)
        #expect(Self.unreachable(#"{"/": "/*"}, {"/": "/$(lang)/x", "exclude": true}"#).isEmpty)
    }

    @Test func legacyPathsAreCheckedTheSameWay() {
        let report = AssociationLinter().lint(F.details(#"{"appIDs": ["\#(F.app)"], "paths": ["/help/*", "NOT /help/website/*", "*", "/x"]}"#))
        let found = report.diagnostics.filter { Self.unreachableCodes.contains($0.code) }
        #expect(found.map(\.code) == ["aasa.shadowed-exclusion", "aasa.unreachable-after-catch-all"])
        #expect(found.map(\.path) == [["applinks", "details", 0, "paths", 1], ["applinks", "details", 0, "paths", 3]])
        #expect(found.first?.message.contains(#""NOT /help/website/*""#) == true)
    }

    @Test func ignoredPathsBesideComponentsAreNotChecked() {
        let report = AssociationLinter().lint(F.details(#"{"appIDs": ["\#(F.app)"], "components": [{"/": "/a"}], "paths": ["*", "/b"]}"#))
        #expect(!report.codes.contains { Self.unreachableCodes.contains($0) })
    }

    @Test func aDamagedDetailIsNotChecked() {
        #expect(Self.unreachable(#"{"/": "*"}, {"/": "/b", "exclude": "yes"}"#).isEmpty)
    }

    // MARK: Rules across details

    @Test func aLaterDetailForTheSameAppsIsShadowedByAnEarlierCatchAll() {
        let json = F.details(#"{"appIDs": ["\#(F.app)"], "components": [{"/": "*"}]}, {"appIDs": ["\#(F.app)"], "components": [{"/": "/b"}]}"#)
        let report = AssociationLinter().lint(json)
        let diagnostic = report.diagnostics.first { $0.code == "aasa.unreachable-after-catch-all" }
        #expect(diagnostic?.path == ["applinks", "details", 1, "components", 0])
        #expect(diagnostic?.message.contains("applinks.details[0].components[0]") == true)
        #expect(diagnostic?.message.contains("earlier detail") == true)
    }

    @Test func anEarlierDetailListingMoreAppsStillDecidesFirst() {
        let json = F.details(#"{"appIDs": ["\#(F.app)", "\#(F.otherApp)"], "components": [{"/": "/help/*"}]}, {"appIDs": ["\#(F.app)"], "components": [{"/": "/help/x", "exclude": true}]}"#)
        #expect(AssociationLinter().lint(json).codes.contains("aasa.shadowed-exclusion"))
    }

    @Test func aLaterDetailWithAnAppTheEarlierOneLacksIsReached() {
        let json = F.details(#"{"appIDs": ["\#(F.app)"], "components": [{"/": "*"}]}, {"appIDs": ["\#(F.app)", "\#(F.otherApp)"], "components": [{"/": "/b"}]}"#)
        #expect(!AssociationLinter().lint(json).codes.contains { Self.unreachableCodes.contains($0) })
    }

    @Test func anEarlierDetailComingAfterInTheFileDoesNotCount() {
        let json = F.details(#"{"appIDs": ["\#(F.app)"], "components": [{"/": "/b"}]}, {"appIDs": ["\#(F.app)", "\#(F.otherApp)"], "components": [{"/": "*"}]}"#)
        #expect(!AssociationLinter().lint(json).codes.contains { Self.unreachableCodes.contains($0) })
    }
}
