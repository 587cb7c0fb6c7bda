import Testing
import AppSiteAssociation

/// Where `HowIOSReadsTheFile.md` (the AppSiteAssociation DocC article) is silent or ambiguous,
/// these cases pin down the choice the matcher makes, so a change is deliberate. They are kept
/// out of `Fixtures/matching-cases.json`, which holds only what the specification says.
@Suite struct MatchingUnspecifiedBehaviourTests {
    struct Choice: Sendable, CustomTestStringConvertible {
        /// The choice, as a sentence.
        var choice: String
        var components: String
        var extra: String = ""
        var url: String
        var domain: String? = nil
        var appID: String = MatchingUnspecifiedBehaviourTests.app
        var expected: MatchDecision.Outcome
        var testDescription: String { choice }

        var json: String {
            #"{"applinks": {\#(extra)"details": [{"appIDs": ["\#(MatchingUnspecifiedBehaviourTests.app)"], "components": \#(components)}]}}"#
        }
    }

    static let app = "ABCDE12345.com.example.app"

    static let choices: [Choice] = [
        // Rule 5: "the leading / is optional" does not say what a pattern starting with ? means.
        Choice(choice: "a path pattern starting with ? gets a / in front, so ?bc means /?bc and matches /abc",
               components: #"[{"/": "?bc"}]"#, url: "https://example.com/abc", expected: .match),
        Choice(choice: "a path pattern starting with ? gets a / in front, so ?bc does not match /bc",
               components: #"[{"/": "?bc"}]"#, url: "https://example.com/bc", expected: .noMatch),
        Choice(choice: "a path pattern starting with * is left alone, so *bc matches /abc",
               components: #"[{"/": "*bc"}]"#, url: "https://example.com/abc", expected: .match),
        Choice(choice: "a path pattern starting with $( gets a / in front, so $(food) means /$(food)",
               components: #"[{"/": "$(food)"}]"#, extra: #""substitutionVariables": {"food": ["taco"]}, "#,
               url: "https://example.com/taco", expected: .match),
        Choice(choice: "an empty path pattern means / and matches the root",
               components: #"[{"/": ""}]"#, url: "https://example.com/", expected: .match),
        Choice(choice: "an empty path pattern means / and does not match a page",
               components: #"[{"/": ""}]"#, url: "https://example.com/a", expected: .noMatch),
        // Rule 5: only one trailing slash is ignored.
        Choice(choice: "only one trailing slash is ignored, so /buy does not match /buy//",
               components: #"[{"/": "/buy"}]"#, url: "https://example.com/buy//", expected: .noMatch),
        // Rule 8 and 9: the query item *name* is not a pattern; the specification does not say whether caseSensitive covers it.
        Choice(choice: "with caseSensitive false, query item names compare case-insensitively too",
               components: #"[{"?": {"Ref": "x"}, "caseSensitive": false}]"#, url: "https://example.com/p?rEF=X", expected: .match),
        Choice(choice: "with caseSensitive true, query item names compare exactly",
               components: #"[{"?": {"Ref": "x"}}]"#, url: "https://example.com/p?ref=x", expected: .noMatch),
        // Rule 8: how items are split.
        Choice(choice: "a query item's value runs from its first = to the next &",
               components: #"[{"?": {"a": "b=c"}}]"#, url: "https://example.com/p?a=b=c&d=1", expected: .match),
        Choice(choice: "empty items between && are skipped",
               components: #"[{"?": {"a": "1"}}]"#, url: "https://example.com/p?&&a=1&", expected: .match),
        // Rule 10: decoding happens after the query is split into items.
        Choice(choice: "with percentEncoded false, an encoded & stays inside the item's value",
               components: #"[{"?": {"q": "a&b"}, "percentEncoded": false}]"#, url: "https://example.com/p?q=a%26b", expected: .match),
        Choice(choice: "with percentEncoded false, item names are decoded too",
               components: #"[{"?": {"my key": "1"}, "percentEncoded": false}]"#, url: "https://example.com/p?my%20key=1", expected: .match),
        Choice(choice: "with percentEncoded false, a % not followed by two hex digits stays as it is",
               components: #"[{"/": "/100%", "percentEncoded": false}]"#, url: "https://example.com/100%", expected: .match),
        // Rule 9 and 10 together: folding also folds the hex digits of escapes.
        Choice(choice: "with caseSensitive false and percentEncoded true, the hex case of an escape does not matter",
               components: #"[{"/": "/a%2fb", "caseSensitive": false}]"#, url: "https://example.com/a%2Fb", expected: .match),
        // Rule 4: ? is one Unicode scalar of the text as compared.
        Choice(choice: "? stands for one character of the URL as written, so it does not match a 3-character escape",
               components: #"[{"/": "/?"}]"#, url: "https://example.com/%41", expected: .noMatch),
        Choice(choice: "? stands for one decoded character when percentEncoded is false",
               components: #"[{"/": "/?", "percentEncoded": false}]"#, url: "https://example.com/%C3%A9", expected: .match),
        // Rule 11.
        Choice(choice: "an undefined variable matches nothing",
               components: #"[{"/": "/$(nope)*"}]"#, url: "https://example.com/anything", expected: .noMatch),
        Choice(choice: "a file variable with a built-in's name replaces the built-in",
               components: #"[{"/": "/$(digit)"}]"#, extra: #""substitutionVariables": {"digit": ["one"]}, "#,
               url: "https://example.com/one", expected: .match),
        Choice(choice: "a file variable with a built-in's name replaces the built-in, so a digit no longer matches",
               components: #"[{"/": "/$(digit)"}]"#, extra: #""substitutionVariables": {"digit": ["one"]}, "#,
               url: "https://example.com/1", expected: .noMatch),
        Choice(choice: "a variable defined twice takes its last list",
               components: #"[{"/": "/$(v)"}]"#, extra: #""substitutionVariables": {"v": ["a"], "v": ["b"]}, "#,
               url: "https://example.com/a", expected: .noMatch),
        Choice(choice: "$(alpha) accepts non-ASCII letters (decoded é)",
               components: #"[{"/": "/$(alpha)", "percentEncoded": false}]"#, url: "https://example.com/%C3%A9", expected: .match),
        Choice(choice: "$(upper) with caseSensitive false accepts a lower-case letter",
               components: #"[{"/": "/$(upper)", "caseSensitive": false}]"#, url: "https://example.com/q", expected: .match),
        Choice(choice: "$(region) accepts the numeric UN M.49 codes Foundation lists, such as 001",
               components: #"[{"/": "/$(region)"}]"#, url: "https://example.com/001", expected: .match),
        Choice(choice: "$(lang) accepts three-letter codes Foundation lists, such as ace",
               components: #"[{"/": "/$(lang)"}]"#, url: "https://example.com/ace", expected: .match),
        // Hosts.
        Choice(choice: "the port is not part of the host comparison",
               components: #"[{"/": "*"}]"#, url: "https://example.com:8443/a", domain: "example.com", expected: .match),
        Choice(choice: "one trailing dot on a host is ignored",
               components: #"[{"/": "*"}]"#, url: "https://example.com./a", domain: "example.com", expected: .match),
        Choice(choice: "user information before the host is ignored",
               components: #"[{"/": "*"}]"#, url: "https://user@example.com/a", domain: "example.com", expected: .match),
        // App IDs.
        Choice(choice: "app IDs compare exactly, including case",
               components: #"[{"/": "*"}]"#, url: "https://example.com/a", appID: "abcde12345.com.example.app", expected: .noMatch),
    ]

    @Test(arguments: choices)
    func theMatcherMakesThisChoice(_ choice: Choice) throws {
        let matcher = AssociationMatcher(try AssociationFile(json: choice.json))
        let explanation = matcher.explanation(for: try LinkURL(parsing: choice.url), appID: choice.appID, servedFrom: choice.domain)
        #expect(explanation.decision.outcome == choice.expected, "\(explanation.lines.joined(separator: "\n"))")
    }

    // Defaults and legacy paths: the specification gives defaults (iOS 14+) and paths (before
    // iOS 13) separately. The matcher applies defaults to legacy paths too.
    @Test func defaultsApplyToLegacyPathsToo() throws {
        let file = try AssociationFile(json: """
        {"applinks": {"defaults": {"caseSensitive": false}, "details": [{"appID": "\(Self.app)", "paths": ["/Help/*"]}]}}
        """)
        #expect(try AssociationMatcher(file).decision(for: "https://example.com/help/1", appID: Self.app).outcome == .match)
    }

    @Test func aDefaultFragmentPatternAppliesToLegacyPathsToo() throws {
        let file = try AssociationFile(json: """
        {"applinks": {"defaults": {"#": "app"}, "details": [{"appID": "\(Self.app)", "paths": ["/a"]}]}}
        """)
        let matcher = AssociationMatcher(file)
        #expect(try matcher.decision(for: "https://example.com/a#app", appID: Self.app).outcome == .match)
        #expect(try matcher.decision(for: "https://example.com/a", appID: Self.app).outcome == .noMatch)
    }

    @Test func aDefaultExcludeMakesPlainLegacyPathsExclusions() throws {
        let file = try AssociationFile(json: """
        {"applinks": {"details": [{"appID": "\(Self.app)", "defaults": {"exclude": true}, "paths": ["/a"]}]}}
        """)
        #expect(try AssociationMatcher(file).decision(for: "https://example.com/a", appID: Self.app).outcome == .exclude)
    }

    @Test func detailsKeyedByTheSameAppIDTwiceKeepOnlyTheLastAsIOSJSONReaderDoes() throws {
        let file = try AssociationFile(json: """
        {"applinks": {"details": {"\(Self.app)": {"paths": ["/a"]}, "\(Self.app)": {"paths": ["/b"]}}}}
        """)
        #expect(file.appLinks?.details.count == 1)
        let matcher = AssociationMatcher(file)
        #expect(try matcher.decision(for: "https://example.com/b", appID: Self.app).outcome == .match)
        #expect(try matcher.decision(for: "https://example.com/a", appID: Self.app).outcome == .noMatch)
    }

    @Test func aRepeatedQueryItemNameKeepsItsLastPatternEvenWhenAnEarlierCopyIsNotAString() throws {
        let file = try AssociationFile(json: """
        {"applinks": {"details": [{"appIDs": ["\(Self.app)"], "components": [{"?": {"a": true, "a": "x"}}]}]}}
        """)
        #expect(file.appLinks?.details.first?.components?.first?.query == .items([QueryItemPattern(name: "a", pattern: "x")]))
        #expect(try AssociationMatcher(file).decision(for: "https://example.com/?a=y", appID: Self.app).outcome == .noMatch)
    }

    @Test func appIDsInsideADetailKeyedByAppIDAreNotRead() throws {
        let file = try AssociationFile(json: """
        {"applinks": {"details": {"\(Self.app)": {"appIDs": 5, "paths": ["/a"]}}}}
        """)
        #expect(file.appLinks?.details.first?.effectiveAppIDs == [Self.app])
    }
}
