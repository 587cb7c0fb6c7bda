import LandfallJSON
/// Answers "does this URL open this app?" for one association file, with exactly the rules iOS
/// applies (see the <doc:MatchingRules> article).
///
/// Build it once per file: construction compiles every pattern and, for an app with many
/// rules, files them by the literal start of their path, so each decision tries only the few
/// rules that can match. It is a value, safe to share across tasks.
///
/// ```swift
/// let matcher = AssociationMatcher(file)
/// let decision = try matcher.decision(for: "https://example.com/help/faq?articleNumber=1234",
///                                     appID: "ABCDE12345.com.example.app")
/// decision.outcome // .match
/// ```
public struct AssociationMatcher: Sendable {
    /// The file the matcher was built from.
    public let file: AssociationFile
    /// Every rule of every detail, in file order, with its source for explanations.
    let rules: [CompiledRule]
    /// The same rules flattened for fast decisions.
    let program: MatchProgram
    /// For each app, the indices into ``rules`` that iOS tries for it, in order (the rules of
    /// every detail listing the app, detail by detail). A short list is scanned faster than a
    /// dictionary is hashed.
    let rulesByApp: [(appID: String, rules: [Int])]
    /// For each app of ``rulesByApp``, at the same position, its rules filed by the literal
    /// start of their path, so that a decision tries only those that can match; `nil` for an
    /// app with fewer than ``rulesWorthIndexing`` rules, whose short list is walked.
    let indexByApp: [AssociationRuleIndex?]

    /// From how many rules an app's rules are indexed. Below it, walking the list (most rules
    /// rejected on the first bytes of the path) is faster than walking the index, and a
    /// decision allocates nothing; above it, the walk grows with the rules and the index does not.
    static let rulesWorthIndexing = 32

    /// Compiles `file`'s rules.
    public init(_ file: AssociationFile) {
        self.init(file, indexingAppsWith: Self.rulesWorthIndexing)
    }

    /// Compiles `file`'s rules and indexes those of apps with at least `minimumRules` rules
    /// (tests index every app with 0).
    init(_ file: AssociationFile, indexingAppsWith minimumRules: Int) {
        self.file = file
        let service = file.appLinks ?? AppLinksService()
        let variables = SubstitutionTable(service.substitutionVariables)
        var rules: [CompiledRule] = []
        var byApp: [(appID: String, rules: [Int])] = []
        for (detailIndex, detail) in service.details.enumerated() {
            let legacy = detail.usesLegacyPaths
            let key = service.detailsForm == .keyedByAppID ? detail.appID : nil
            let firstRule = rules.count
            for (ruleIndex, rule) in detail.effectiveRules.enumerated() {
                let effective = rule.overlaying(detail.defaults).overlaying(service.defaults)
                let compiled = CompiledRule(
                    effective,
                    location: RuleLocation(detailIndex: detailIndex, ruleIndex: ruleIndex, isLegacyPath: legacy, detailKey: key),
                    label: legacy ? (detail.paths?[ruleIndex] ?? "") : Self.label(for: rule),
                    variables: variables
                )
                rules.append(compiled)
            }
            var seen = Set<String>()
            for appID in detail.effectiveAppIDs where seen.insert(appID).inserted {
                if let index = byApp.firstIndex(where: { $0.appID == appID }) {
                    byApp[index].rules += firstRule..<rules.count
                } else {
                    byApp.append((appID, Array(firstRule..<rules.count)))
                }
            }
        }
        self.rules = rules
        self.program = MatchProgram(rules)
        self.rulesByApp = byApp
        self.indexByApp = byApp.map { app in
            app.rules.count >= minimumRules ? AssociationRuleIndex(rules: app.rules, compiled: rules) : nil
        }
    }

    /// Every app ID the `applinks` details list, in file order, without repeats.
    public var appIDs: [String] {
        var seen = Set<String>()
        return (file.appLinks?.details ?? []).flatMap(\.effectiveAppIDs).filter { seen.insert($0).inserted }
    }

    /// The decision for `url` and `appID`.
    ///
    /// - Parameters:
    ///   - url: the link opened.
    ///   - appID: the app, `TEAMID.bundle.identifier`.
    ///   - host: the host the file was served from; a URL on any other host never matches.
    ///     `nil` means the URL's own host.
    ///
    /// For an app with many rules, only the rules that can match are tried: those whose path
    /// pattern's literal start (the text before its first wildcard) begins the URL's path, and
    /// those without one, in file order, so the first match is the one iOS finds trying every rule.
    public func decision(for url: LinkURL, appID: String, servedFrom host: String? = nil) -> MatchDecision {
        counted(for: url, appID: appID, servedFrom: host).decision
    }

    /// The decision and the number of rules compared with the URL to reach it: with
    /// `.candidates` as ``decision(for:appID:servedFrom:)-(LinkURL,_,_)`` decides, with `.every`
    /// by trying every rule in order, as ``explanation(for:appID:servedFrom:)`` does.
    func counted(for url: LinkURL, appID: String, servedFrom host: String? = nil,
                 trying selection: RuleSelection = .candidates) -> (decision: MatchDecision, rulesTried: Int) {
        var trace: [RuleStep]? = nil
        var tried = 0
        let decision = evaluate(url, appID: appID, servedFrom: host, trying: selection, trace: &trace, rulesTried: &tried)
        return (decision, tried)
    }

    /// Parses `url` and decides. See ``decision(for:appID:servedFrom:)-(LinkURL,_,_)``.
    ///
    /// - Throws: ``LinkURL/ParseError`` when `url` is not a URL with a scheme and a host.
    public func decision(for url: String, appID: String, servedFrom host: String? = nil) throws(LinkURL.ParseError) -> MatchDecision {
        decision(for: try LinkURL(parsing: url), appID: appID, servedFrom: host)
    }

    /// The decision with every rule tried and a sentence a person can read.
    public func explanation(for url: LinkURL, appID: String, servedFrom host: String? = nil) -> MatchExplanation {
        var trace: [RuleStep]? = []
        var tried = 0
        let decision = evaluate(url, appID: appID, servedFrom: host, trying: .every, trace: &trace, rulesTried: &tried)
        let steps = trace ?? []
        return MatchExplanation(
            url: url.text,
            appID: appID,
            decision: decision,
            steps: steps,
            summary: Self.summary(decision, url: url, appID: appID, host: host, decidingStep: decision.rule == nil ? nil : steps.last)
        )
    }

    /// A short label for a rule: its path pattern, or its JSON when it has none.
    static func label(for rule: ComponentRule) -> String {
        if let path = rule.path, rule.query == nil, rule.fragment == nil { return path }
        var shown = rule
        shown.exclude = nil
        shown.comment = nil
        return JSONWriter.compact.string(for: shown.jsonValue)
    }

    static func summary(_ decision: MatchDecision, url: LinkURL, appID: String, host: String?, decidingStep: RuleStep?) -> String {
        switch decision.outcome {
        case .match:
            return "opens \(appID): \(decidingStep.map { "\($0.rule) `\($0.label)` matched" } ?? "a rule matched")"
        case .exclude:
            return "does not open \(appID): \(decidingStep.map { "\($0.rule) `\($0.label)` excludes it" } ?? "an exclusion matched")"
        case .noMatch:
            switch decision.noMatchReason {
            case .notWebURL?:
                return "does not open \(appID): only http and https URLs are universal links, this one is \(url.scheme)"
            case .otherHost?:
                return "does not open \(appID): the URL's host \(url.host) is not \(host ?? "the file's host"), where the file is served"
            case .appNotListed?:
                return "does not open \(appID): no detail in the file lists this app"
            default:
                return "does not open \(appID): no rule of the details listing it matched"
            }
        }
    }
}
