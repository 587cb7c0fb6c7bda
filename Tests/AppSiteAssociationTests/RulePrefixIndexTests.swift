import Testing
import PropertyBased
@testable import AppSiteAssociation

/// Decisions try only the rules whose path pattern's literal start begins the URL's path
/// (issue 15, finding 11: `config check` was quadratic in routes, each decision walking every
/// rule), and decide exactly as trying every rule in order does, on iOS and on Android.
@Suite struct RulePrefixIndexTests {
    // MARK: The index itself

    /// Prefixes filed in order (rule i under prefixes[i]), a path, and the rules found.
    static let lookups: [(prefixes: [String], path: String, found: [Int])] = [
        (["/a/", "/b", ""], "/a/x/", [0, 2]),
        (["/a/", "/b", ""], "/b/", [1, 2]),
        (["/a/", "/b", ""], "/c/", [2]),
        (["/a", "/a/b", "/", "/a/b/c", "/a/c"], "/a/b/c/", [0, 1, 2, 3]),
        (["/a/b", "/a", "", "/a/b"], "/a/b/", [0, 1, 2, 3]),
        (["/ab", "/a"], "/a", [1]),
        (["/abc"], "/ab", []),
        (["/é/", "/e/"], "/é/1/", [0]),
        ([], "/a/", []),
    ]

    @Test(arguments: lookups)
    func findsTheRulesFiledUnderEveryPrefixOfThePathInTheirOrder(prefixes: [String], path: String, found: [Int]) {
        var index = RulePrefixIndex()
        for (rule, prefix) in prefixes.enumerated() { index.file(rule, under: Array(prefix.utf8)) }
        let bytes = Array(path.utf8)
        #expect(index.candidates(count: bytes.count) { bytes[$0] } == found)
    }

    // MARK: iOS: the same decision as trying every rule

    /// The matcher indexes every app here (`indexingAppsWith: 0`); as built, it indexes only
    /// apps with ``AssociationMatcher/rulesWorthIndexing`` rules or more.
    @Test func anAppleDecisionIsTheDecisionOfTryingEveryRuleInOrder() async {
        await propertyCheck(count: 2000, input: Self.appleCases) { testCase in
            let (file, urls) = testCase
            let matcher = AssociationMatcher(file, indexingAppsWith: 0)
            let asBuilt = AssociationMatcher(file)
            for text in urls {
                guard let url = try? LinkURL(parsing: text) else { continue }
                for appID in Self.appIDs {
                    let indexed = matcher.counted(for: url, appID: appID)
                    let walked = matcher.counted(for: url, appID: appID, trying: .every)
                    #expect(indexed.decision == walked.decision, "\(text) for \(appID) in \(file.encoded(style: .compact))")
                    #expect(indexed.rulesTried <= walked.rulesTried)
                    #expect(indexed.decision == matcher.explanation(for: url, appID: appID).decision)
                    #expect(indexed.decision == asBuilt.decision(for: url, appID: appID))
                }
            }
        }
    }

    @Test func theAppleCasesMatchExcludeAndMissOften() {
        var outcomes: [MatchDecision.Outcome: Int] = [:]
        var random = RandomAssociationFiles(seed: 11)
        for _ in 0..<300 {
            let (file, urls) = random.appleCase()
            let matcher = AssociationMatcher(file)
            for url in urls.compactMap({ try? LinkURL(parsing: $0) }) {
                outcomes[matcher.decision(for: url, appID: Self.appIDs[0]).outcome, default: 0] += 1
            }
        }
        #expect(MatchDecision.Outcome.allCases.allSatisfy { outcomes[$0, default: 0] >= 100 }, "\(outcomes)")
    }

    // MARK: Android: the same decision as trying every rule

    @Test(arguments: AssetLinksMatcher.MissingQueryItem.allCases)
    func anAndroidDecisionIsTheDecisionOfTryingEveryRuleInOrder(_ missing: AssetLinksMatcher.MissingQueryItem) async {
        await propertyCheck(count: 2000, input: Self.androidCases) { testCase in
            let (file, urls) = testCase
            let matcher = AssetLinksMatcher(file, missingQueryItem: missing)
            for text in urls {
                guard let url = try? LinkURL(parsing: text) else { continue }
                let indexed = matcher.counted(for: url, packageName: Self.package)
                let walked = matcher.counted(for: url, packageName: Self.package, trying: .every)
                #expect(indexed.decision == walked.decision, "\(text) in \(file.encoded(style: .compact))")
                var explained = matcher.explanation(for: url, packageName: Self.package)
                #expect(explained.steps.count == walked.rulesTried)
                explained.steps = []
                #expect(matcher.decision(for: url, packageName: Self.package) == explained)
            }
        }
    }

    @Test func theAndroidCasesMatchExcludeAndMissOften() {
        var outcomes: [MatchDecision.Outcome: Int] = [:]
        var random = RandomAssociationFiles(seed: 12)
        for _ in 0..<300 {
            let (file, urls) = random.androidCase()
            let matcher = AssetLinksMatcher(file)
            for url in urls.compactMap({ try? LinkURL(parsing: $0) }) {
                outcomes[matcher.decision(for: url, packageName: Self.package).outcome, default: 0] += 1
            }
        }
        #expect(MatchDecision.Outcome.allCases.allSatisfy { outcomes[$0, default: 0] >= 100 }, "\(outcomes)")
    }

    // MARK: Generators

    static let appIDs = ["ABCDE12345.com.example.one", "ABCDE12345.com.example.two"]
    static let package = "com.example.app"

    static let appleCases = Generator<(AssociationFile, [String]), Shrink.None<(AssociationFile, [String])>> { rng in
        var random = RandomAssociationFiles(seed: rng.next())
        return random.appleCase()
    }

    static let androidCases = Generator<(AssetLinksFile, [String]), Shrink.None<(AssetLinksFile, [String])>> { rng in
        var random = RandomAssociationFiles(seed: rng.next())
        return random.androidCase()
    }
}

/// Rule lists and URLs built from a few pieces, so that patterns and paths share literal
/// starts, wildcards (`*`, `?`, variables) stand at every place, `%`-escapes and case differ,
/// and queries and fragments sometimes decide.
extension RandomAssociationFiles {
    static let patternPieces = ["/", "/", "a", "b", "B", "ab", "/a", "/a/", "*", "?", "?*", "%41", "%2F", "é", "É", "$(digit)", "$(food)", "1"]
    static let pathPieces = ["/", "/", "a", "b", "A", "B", "ab", "/a", "%41", "%61", "%2F", "%2f", "é", "É", "%C3%A9", "1", "taco"]
    static let valuePieces = ["", "a", "b", "A", "1", "%41", "*", "?", "?*", "é"]

    mutating func piecesText(_ pieces: [String], count: ClosedRange<Int>) -> String {
        (0..<int(count)).map { _ in pick(pieces) }.joined()
    }

    mutating func pathPattern() -> String {
        let text = piecesText(Self.patternPieces, count: 0...4)
        return chance(80) && !text.hasPrefix("/") && !text.hasPrefix("*") ? "/" + text : text
    }

    mutating func valuePattern() -> String { piecesText(Self.valuePieces, count: 0...2) }

    mutating func matchingRule() -> ComponentRule {
        ComponentRule(
            path: chance(85) ? pathPattern() : nil,
            query: chance(15) ? (chance(50) ? .string(valuePattern()) : .items([QueryItemPattern(name: pick(["a", "A", "b"]), pattern: valuePattern())])) : nil,
            fragment: chance(10) ? valuePattern() : nil,
            exclude: chance(25) ? true : nil,
            caseSensitive: chance(30) ? chance(50) : nil,
            percentEncoded: chance(30) ? chance(50) : nil
        )
    }

    mutating func url() -> String {
        var text = "https://example.com" + piecesText(Self.pathPieces, count: 0...5)
        if chance(25) { text += "?" + pick(["a", "A", "b"]) + "=" + piecesText(Self.valuePieces, count: 0...2) + (chance(30) ? "&a=1" : "") }
        if chance(15) { text += "#" + piecesText(Self.valuePieces, count: 0...2) }
        return text
    }

    /// One to three details for two apps (some listing both), with defaults, variables and
    /// legacy `paths`, and URLs to ask about.
    mutating func appleCase() -> (AssociationFile, [String]) {
        let appIDs = RulePrefixIndexTests.appIDs
        let details = (0..<int(1...3)).map { _ in
            var detail = AppLinkDetail(appIDs: chance(30) ? appIDs : [pick(appIDs)],
                                       defaults: chance(20) ? ComponentRule(caseSensitive: chance(50), percentEncoded: chance(50)) : nil)
            if chance(15) {
                detail.paths = (0..<int(0...12)).map { _ in (chance(25) ? "NOT " : "") + pathPattern() }
            } else {
                detail.components = (0..<int(0...12)).map { _ in matchingRule() }
            }
            return detail
        }
        let service = AppLinksService(
            defaults: chance(20) ? ComponentRule(caseSensitive: chance(50), percentEncoded: chance(50)) : nil,
            substitutionVariables: [SubstitutionVariable(name: "food", values: ["taco", "a?", "A*b"])],
            details: details)
        return (AssociationFile(appLinks: service), (0..<8).map { _ in url() })
    }

    /// One or two statements for the app, each with components, and URLs to ask about.
    mutating func androidCase() -> (AssetLinksFile, [String]) {
        let statements = (0..<int(1...2)).map { _ in
            AssetLinkStatement.appLinks(
                packageName: RulePrefixIndexTests.package, sha256CertFingerprints: [],
                dynamicAppLinkComponents: (0..<int(1...12)).map { _ in
                    let rule = matchingRule()
                    return DynamicAppLinkComponent(
                        path: rule.path,
                        query: chance(15) ? [QueryItemPattern(name: pick(["a", "A", "b"]), pattern: valuePattern())] : nil,
                        fragment: rule.fragment, exclude: rule.exclude)
                })
        }
        return (AssetLinksFile(statements: statements), (0..<8).map { _ in url() })
    }
}
