import Testing
import AppSiteAssociation

/// Explanations say which rule decided and why each rule tried did or did not match.
@Suite struct ExplanationTests {
    static let app = "ABCDE12345.com.example.app"
    /// The matcher of the overview file (`HowIOSReadsTheFile.md`); a decoding error fails the
    /// test that asks, not the run.
    static var matcher: AssociationMatcher {
        get throws { AssociationMatcher(try AssociationFile(json: DecodingFormTests.overviewFile)) }
    }

    static func explain(_ url: String, appID: String = app, servedFrom host: String? = nil) throws -> MatchExplanation {
        try matcher.explanation(for: try LinkURL(parsing: url), appID: appID, servedFrom: host)
    }

    @Test func theIssuesExampleExplainsTheArticleNumberThatIsTooShort() throws {
        let explanation = try Self.explain("https://example.com/help/faq?articleNumber=481")
        #expect(explanation.decision.outcome == .noMatch)
        #expect(explanation.decision.noMatchReason == .noRuleMatched)
        #expect(explanation.url == "https://example.com/help/faq?articleNumber=481")
        #expect(explanation.appID == Self.app)
        #expect(explanation.steps.count == 5, "every rule of the detail was tried")
        #expect(explanation.steps.allSatisfy { !$0.matched })

        let step = explanation.steps[3]
        #expect(step.rule == RuleLocation(detailIndex: 0, ruleIndex: 3))
        #expect(step.label.contains("/help/*"))
        #expect(!step.isExclusion)
        #expect(step.checks == [
            PartCheck(part: .path, pattern: "/help/*", value: "/help/faq", matched: true),
            PartCheck(part: .queryItem("articleNumber"), pattern: "????", value: "481", matched: false,
                      hint: "needs 4 characters, found 3"),
        ])
        #expect(step.description.hasPrefix("detail 1, rule 4 "))
        #expect(step.description.hasSuffix(
            ": path matched; query item `articleNumber` = `481` does not match `????` (needs 4 characters, found 3)"
        ))
        #expect(explanation.summary.contains("does not open \(Self.app)"))
        #expect(explanation.lines == [explanation.summary] + explanation.steps.map(\.description))
    }

    @Test func aMatchNamesTheRuleThatDecided() throws {
        let explanation = try Self.explain("https://example.com/help/faq?articleNumber=4812")
        #expect(explanation.decision == MatchDecision(outcome: .match, rule: RuleLocation(detailIndex: 0, ruleIndex: 3)))
        #expect(explanation.steps.count == 4, "evaluation stops at the deciding rule")
        #expect(explanation.steps.last?.matched == true)
        #expect(explanation.summary.hasPrefix("opens \(Self.app): detail 1, rule 4 `"))
        #expect(explanation.summary.hasSuffix("` matched"))
    }

    @Test func anExclusionSaysItExcludes() throws {
        let explanation = try Self.explain("https://example.com/help/website/contact")
        #expect(explanation.decision.outcome == .exclude)
        #expect(explanation.decision.rule == RuleLocation(detailIndex: 0, ruleIndex: 2))
        let step = try #require(explanation.steps.last)
        #expect(step.isExclusion)
        #expect(step.description == "detail 1, rule 3 `/help/website/*` (exclude): path matched")
        #expect(explanation.summary == "does not open \(Self.app): detail 1, rule 3 `/help/website/*` excludes it")
    }

    @Test func aFragmentRuleShowsTheComparedFragment() throws {
        let explanation = try Self.explain("https://example.com/buy/1#top")
        let first = explanation.steps[0]
        #expect(first.checks == [PartCheck(part: .fragment, pattern: "no_universal_links", value: "top", matched: false,
                                           hint: "needs 18 characters, found 3")])
        #expect(first.description.hasSuffix("(exclude): fragment `top` does not match `no_universal_links` (needs 18 characters, found 3)"))
    }

    @Test func comparedValuesAreShownAfterDecodingAndFolding() throws {
        // The overview file is case-insensitive and, in its detail, not percent-encoded.
        let explanation = try Self.explain("https://example.com/HELP/F%41Q?articleNumber=12")
        let step = explanation.steps[3]
        #expect(step.checks.first == PartCheck(part: .path, pattern: "/help/*", value: "/help/faq", matched: true))
    }

    @Test func theSubstitutionRuleIsTriedWithItsPattern() throws {
        let explanation = try Self.explain("https://example.com/en_GB/pizza/1")
        let last = try #require(explanation.steps.last)
        #expect(last.rule.ruleIndex == 4)
        #expect(last.checks.first?.pattern == "/$(lang)_$(region)/$(food)/*")
        #expect(last.checks.first?.matched == false)
        #expect(try Self.explain("https://example.com/en_GB/taco/1").decision.rule?.ruleIndex == 4)
    }

    @Test func anUnlistedAppIsExplained() throws {
        let explanation = try Self.explain("https://example.com/buy/1", appID: "ZZZZZ99999.com.other.app")
        #expect(explanation.decision == MatchDecision(outcome: .noMatch, noMatchReason: .appNotListed))
        #expect(explanation.steps.isEmpty)
        #expect(explanation.summary == "does not open ZZZZZ99999.com.other.app: no detail in the file lists this app")
    }

    @Test func anotherHostIsExplained() throws {
        let explanation = try Self.explain("https://shop.example.com/buy/1", servedFrom: "example.com")
        #expect(explanation.decision.noMatchReason == .otherHost)
        #expect(explanation.steps.isEmpty)
        #expect(explanation.summary.contains("shop.example.com"))
        #expect(explanation.summary.contains("example.com, where the file is served"))
    }

    @Test func anotherSchemeIsExplained() throws {
        let explanation = try Self.explain("ftp://example.com/buy/1")
        #expect(explanation.decision.noMatchReason == .notWebURL)
        #expect(explanation.summary.contains("only http and https"))
        #expect(explanation.summary.hasSuffix("ftp"))
    }

    @Test(arguments: [
        ("/id/????", "/id/481", "needs 8 characters, found 7"),
        ("/id/?", "/id/12", "needs 5 characters, found 6"),
        ("/u/?*", "/u", "needs at least 4 characters, found 2"),
        ("/a/?", "/b/c", "does not start with `/a/`"),
        ("*.html", "/page.htm", "does not end with `.html`"),
        ("/$(nope)", "/x", "$(nope) is not a defined substitution variable, so the pattern matches nothing"),
    ])
    func mismatchHintsSayWhatIsWrong(pattern: String, path: String, hint: String) throws {
        let file = try AssociationFile(json: #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{"/": "\#(pattern)"}]}]}}"#)
        let explanation = AssociationMatcher(file).explanation(for: try LinkURL(parsing: "https://example.com" + path), appID: "A.b")
        #expect(explanation.steps.first?.checks.first?.hint == hint)
    }

    @Test func aRepeatedQueryItemShowsTheOccurrenceThatFailed() throws {
        let file = try AssociationFile(json: #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{"?": {"id": "???"}}]}]}}"#)
        let explanation = AssociationMatcher(file).explanation(for: try LinkURL(parsing: "https://example.com/p?id=123&id=45"), appID: "A.b")
        #expect(explanation.decision.outcome == .noMatch)
        #expect(explanation.steps.first?.checks == [
            PartCheck(part: .queryItem("id"), pattern: "???", value: "45", matched: false, hint: "needs 3 characters, found 2"),
        ])
    }

    @Test func aMissingQueryItemIsComparedAsEmpty() throws {
        let file = try AssociationFile(json: #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{"?": {"ref": "?*"}}]}]}}"#)
        let explanation = AssociationMatcher(file).explanation(for: try LinkURL(parsing: "https://example.com/p"), appID: "A.b")
        #expect(explanation.steps.first?.checks.first?.value == "")
        #expect(explanation.steps.first?.description.contains("query item `ref` = `` does not match `?*`") == true)
    }

    @Test func aRuleWithNoPatternsMatchesEveryURL() throws {
        let file = try AssociationFile(json: #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{}]}]}}"#)
        let explanation = AssociationMatcher(file).explanation(for: try LinkURL(parsing: "https://example.com/p"), appID: "A.b")
        #expect(explanation.steps.first?.description.hasSuffix(": matches every URL") == true)
    }

    @Test func legacyPathsAreLabelledAsWritten() throws {
        let file = try AssociationFile(json: #"{"applinks": {"apps": [], "details": [{"appID": "A.b", "paths": ["NOT /a/*", "/a/*"]}]}}"#)
        let explanation = AssociationMatcher(file).explanation(for: try LinkURL(parsing: "https://example.com/a/1"), appID: "A.b")
        #expect(explanation.decision.rule == RuleLocation(detailIndex: 0, ruleIndex: 0, isLegacyPath: true))
        #expect(explanation.decision.rule?.jsonPath.description == "applinks.details[0].paths[0]")
        #expect(explanation.steps.first?.label == "NOT /a/*")
    }

    @Test func theExplainedDecisionIsTheDecision() throws {
        let matcher = try Self.matcher
        for url in ["https://example.com/buy/1", "https://example.com/help/website/x", "https://example.com/nothing", "https://example.com/buy/1#no_universal_links"] {
            let link = try LinkURL(parsing: url)
            #expect(matcher.explanation(for: link, appID: Self.app).decision == matcher.decision(for: link, appID: Self.app))
        }
    }
}
