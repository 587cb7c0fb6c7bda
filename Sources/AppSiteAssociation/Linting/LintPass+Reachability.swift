/// Rules that can never be reached: after a rule that matches every URL, identical to an
/// earlier rule, or covered by an earlier rule (an exclusion after a broader match, say).
///
/// A rule is compared with the rules before it in its own detail and in earlier details that
/// list every app it lists (iOS consults those first for each of its apps), so a warning is
/// only given when it is certain. Details with unreadable parts take no part. The pairwise
/// comparison is indexed by the literal start of the path and limited by a work budget, so a
/// file with thousands of rules stays fast; when the budget runs out an info says so.
extension LintPass {
    /// The pattern-comparison steps the check may take for one file.
    static let reachabilityBudget = 200_000

    /// A rule's meaning, normalized so that equal keys mean equal rules (leaving out `exclude`).
    struct RuleKey: Hashable {
        var path: String?
        var query: QueryKey
        var fragment: String?
        var caseSensitive: Bool
        var percentEncoded: Bool
    }

    enum QueryKey: Hashable {
        case any
        case whole(String)
        /// `name NUL pattern`, sorted: item order does not matter.
        case items([String])
    }

    /// A rule's patterns prepared for ``CoveragePattern/covers(_:budget:)``; `nil` parts are `*`.
    /// A class, so that keeping it in several arrays costs one reference, not a copy.
    final class RuleCoverage {
        let path: CoveragePattern?
        let query: CoverageQuery
        let fragment: CoveragePattern?

        init(path: CoveragePattern?, query: CoverageQuery, fragment: CoveragePattern?) {
            self.path = path
            self.query = query
            self.fragment = fragment
        }

        /// The literal start of the path pattern (empty when the path may be anything).
        var pathPrefix: ArraySlice<UInt16> {
            guard let path else { return [] }
            return path.tokens[0..<path.literalPrefixCount]
        }
    }

    enum CoverageQuery {
        case any
        case whole(CoveragePattern)
        case items([(name: String, pattern: CoveragePattern)])
    }

    /// One rule taking part in the check.
    struct ReachabilityEntry {
        /// Where the rule is: `details[detail].rules[rule]`.
        var detail: Int
        var rule: Int
        var isExclusion: Bool
    }

    /// A rule normalized for comparison.
    struct NormalizedRule {
        var isExclusion: Bool
        var isCatchAll: Bool
        /// `caseSensitive` (bit 0) and `percentEncoded` (bit 1): rules compare only with equal settings.
        var settings: UInt8
        /// The rule's key, for rules that cannot be compared by ``coverage`` (those with variables).
        var key: RuleKey?
        var coverage: RuleCoverage?
    }

    /// What a quick test needs to know about a rule before comparing its patterns: plain values,
    /// so that rejecting most pairs touches no array.
    struct CoverageSummary {
        var settings: UInt8
        var hasPath: Bool
        var hasQuery: Bool
        var hasFragment: Bool
        var pathTokenCount: Int
        var pathHasAnyRun: Bool
        var pathLiteralPrefix: Int
        var pathLiteralSuffix: Int
        var pathLastToken: UInt16

        init(_ coverage: RuleCoverage, settings: UInt8) {
            self.settings = settings
            hasPath = coverage.path != nil
            if case .any = coverage.query { hasQuery = false } else { hasQuery = true }
            hasFragment = coverage.fragment != nil
            pathTokenCount = coverage.path?.tokens.count ?? 0
            pathHasAnyRun = coverage.path?.hasAnyRun ?? true
            pathLiteralPrefix = coverage.path?.literalPrefixCount ?? 0
            pathLiteralSuffix = coverage.path?.literalSuffixCount ?? 0
            pathLastToken = coverage.path?.tokens.last ?? 0
        }

        /// False when the rule summarized by `self` certainly cannot cover the one by `later`.
        func mayCover(_ later: CoverageSummary) -> Bool {
            guard settings == later.settings else { return false }
            if hasFragment && !later.hasFragment { return false }
            if hasQuery && !later.hasQuery { return false }
            guard hasPath else { return true }
            guard later.hasPath else { return false }
            if !pathHasAnyRun {
                return !later.pathHasAnyRun && pathTokenCount == later.pathTokenCount
            }
            if later.pathTokenCount < pathLiteralPrefix + pathLiteralSuffix { return false }
            return pathLiteralSuffix == 0 || pathLastToken == later.pathLastToken
        }
    }

    mutating func lintReachability() {
        guard !appLinksDefaultsDamaged else { return }
        let taking = details.indices.filter { !details[$0].damaged && !details[$0].appIDs.isEmpty && !details[$0].rules.isEmpty }
        guard taking.reduce(0, { $0 + details[$1].rules.count }) > 1 else { return }

        // Details listing the same set of apps form a group. A group's scopes are itself and the
        // groups whose details list every app of it: for each of its apps, iOS consults their
        // earlier details first. (Plain arrays per group, so the loop copies nothing big.)
        var groupOfDetail: [Int] = []
        var groupApps: [Set<String>] = []
        var groupByApps: [[String]: Int] = [:]
        for detail in taking {
            let apps = Array(Set(details[detail].appIDs)).sorted()
            if let existing = groupByApps[apps] {
                groupOfDetail.append(existing)
            } else {
                groupByApps[apps] = groupApps.count
                groupOfDetail.append(groupApps.count)
                groupApps.append(Set(apps))
            }
        }
        var groupSizes = [Int](repeating: 0, count: groupApps.count)
        for (detailNumber, detail) in taking.enumerated() { groupSizes[groupOfDetail[detailNumber]] += details[detail].rules.count }
        var groupScopes: [[Int]] = groupApps.indices.map { [$0] }
        if groupApps.count <= 64 {
            for group in groupApps.indices {
                for other in groupApps.indices where other != group && groupApps[other].isSuperset(of: groupApps[group]) {
                    groupScopes[group].append(other)
                }
            }
        }

        // One pass in document order: each rule is compared with what the indexes hold (only
        // earlier rules), then added to its group's indexes.
        let total = groupSizes.reduce(0, +)
        var entries: [ReachabilityEntry] = []
        var coverages: [RuleCoverage?] = []
        var summaries: [CoverageSummary?] = []
        entries.reserveCapacity(total)
        coverages.reserveCapacity(total)
        summaries.reserveCapacity(total)
        var groupIndex = [PrefixIndex](repeating: PrefixIndex(), count: groupApps.count)
        var groupKeys = [[RuleKey: Int]](repeating: [:], count: groupApps.count)
        var groupCatchAll = [Int?](repeating: nil, count: groupApps.count)
        var candidates: [Int] = []
        var budget = Self.reachabilityBudget
        var reportedLimit = false
        for (detailNumber, detail) in taking.enumerated() {
            let group = groupOfDetail[detailNumber]
            let scopes = groupScopes[group]
            for ruleNumber in details[detail].rules.indices {
                let normalized = Self.normalized(details[detail].rules[ruleNumber].effective)
                let entry = ReachabilityEntry(detail: detail, rule: ruleNumber, isExclusion: normalized.isExclusion)
                let number = entries.count
                entries.append(entry)
                coverages.append(normalized.coverage)
                let summary = normalized.coverage.map { CoverageSummary($0, settings: normalized.settings) }
                summaries.append(summary)
                if let (earlier, reason) = earlierRuleDeciding(
                    normalized, at: entry, summary: summary, scopes: scopes, catchAlls: groupCatchAll, keys: groupKeys,
                    indexes: groupIndex, entries: entries, coverages: coverages, summaries: summaries,
                    candidates: &candidates, budget: &budget
                ) {
                    reportUnreachable(entry, after: entries[earlier], reason: reason)
                } else if budget <= 0 && !reportedLimit && !normalized.isCatchAll && normalized.coverage != nil {
                    reportedLimit = true
                    let site = details[detail].rules[ruleNumber]
                    report(.reachabilityCheckLimited, site.path, site.location,
                           "the file has so many similar rules that the unreachable-rule check stopped comparing them here, to stay fast",
                           fix: "rules from here on were not compared with earlier ones; fewer, broader patterns keep the check complete")
                }
                if normalized.isCatchAll {
                    if groupCatchAll[group] == nil { groupCatchAll[group] = number }
                } else if let coverage = normalized.coverage {
                    groupIndex[group].insert(number, prefix: coverage.pathPrefix)
                } else if let key = normalized.key, groupKeys[group][key] == nil {
                    // Rules with variables are compared only for identical patterns.
                    groupKeys[group][key] = number
                }
            }
        }
    }

    /// The earliest rule before `rule` (among those the groups in `scopes` hold so far) that
    /// decides every URL `rule` matches, and why; `nil` when there is none or the budget ran out.
    private func earlierRuleDeciding(
        _ rule: NormalizedRule, at current: ReachabilityEntry, summary: CoverageSummary?, scopes: [Int], catchAlls: [Int?],
        keys: [[RuleKey: Int]], indexes: [PrefixIndex], entries: [ReachabilityEntry], coverages: [RuleCoverage?],
        summaries: [CoverageSummary?], candidates: inout [Int], budget: inout Int
    ) -> (Int, UnreachableReason)? {
        // 1. After a rule that matches (or excludes) every URL.
        var catchAll: Int?
        for scope in scopes {
            if let first = catchAlls[scope], first < (catchAll ?? Int.max) { catchAll = first }
        }
        if let catchAll { return (catchAll, .catchAll) }
        // 2. Rules with variables: the same patterns and settings as an earlier rule.
        guard let coverage = rule.coverage, let summary else {
            guard let key = rule.key else { return nil }
            var twin: Int?
            for scope in scopes {
                if let first = keys[scope][key], first < (twin ?? Int.max) { twin = first }
            }
            guard let twin else { return nil }
            return (twin, entries[twin].isExclusion == rule.isExclusion ? .duplicate : .samePatterns)
        }
        // 3. Covered by an earlier rule (an identical one included).
        guard !rule.isCatchAll, budget > 0 else { return nil }
        candidates.removeAll(keepingCapacity: true)
        for scope in scopes {
            indexes[scope].collectCandidates(forPrefix: coverage.pathPrefix, limit: budget, into: &candidates)
        }
        budget -= candidates.count
        // The earliest covering rule decides first; the candidates come in no particular order.
        var best: Int?
        for candidate in candidates where budget > 0 && candidate < (best ?? Int.max) {
            guard let earlierSummary = summaries[candidate], earlierSummary.mayCover(summary),
                  let earlier = coverages[candidate] else { continue }
            if Self.covers(earlier, coverage, budget: &budget) { best = candidate }
        }
        guard let best, let earlier = coverages[best] else { return nil }
        if earlier.path == coverage.path, earlier.fragment == coverage.fragment,
           Self.ruleKey(details[entries[best].detail].rules[entries[best].rule].effective)
            == Self.ruleKey(details[current.detail].rules[current.rule].effective) {
            return (best, entries[best].isExclusion == rule.isExclusion ? .duplicate : .samePatterns)
        }
        return (best, .covered)
    }

    enum UnreachableReason {
        case catchAll, duplicate, samePatterns, covered
    }

    mutating func reportUnreachable(_ entry: ReachabilityEntry, after earlierEntry: ReachabilityEntry, reason: UnreachableReason) {
        let site = details[entry.detail].rules[entry.rule]
        let earlier = details[earlierEntry.detail].rules[earlierEntry.rule]
        let isExclusion = entry.isExclusion
        let earlierIsExclusion = earlierEntry.isExclusion
        let name = "\(Self.shortName(site.path)) \(Self.quoted(site.label))"
        let other = Self.ruleName(earlier, from: site.path)
        let elsewhere = earlier.path.components.dropLast(2) != site.path.components.dropLast(2)
        let context = elsewhere ? " (in an earlier detail listing all of this detail's apps)" : ""
        let moveFix = elsewhere ? "remove it, or move it into the earlier detail before \(other)" : "move it before \(other), or remove it"
        switch reason {
        case .catchAll:
            report(.unreachableAfterCatchAll, site.path, site.location,
                   "\(name) is never reached: \(other)\(context) comes first and \(earlierIsExclusion ? "excludes" : "matches") every URL",
                   fix: moveFix)
        case .duplicate:
            report(.duplicateRule, site.path, site.location,
                   "\(name) is never reached: it is the same as \(other)\(context), which comes first",
                   fix: "remove it")
        case .samePatterns, .covered:
            let same = reason == .samePatterns
            if isExclusion && !earlierIsExclusion {
                report(.shadowedExclusion, site.path, site.location,
                       "exclusion \(name) is never reached: \(other)\(context) comes first and already opens the app for "
                           + (same ? "the same URLs" : "every URL it would exclude"),
                       fix: elsewhere ? "put the exclusion in the earlier detail, before \(other)" : "move the exclusion before \(other)")
            } else if !isExclusion && earlierIsExclusion {
                report(.shadowedRule, site.path, site.location,
                       "\(name) is never reached: exclusion \(other)\(context) comes first and excludes "
                           + (same ? "the same URLs" : "every URL this rule matches") + ", so this rule never opens the app",
                       fix: moveFix)
            } else {
                report(.shadowedRule, site.path, site.location,
                       "\(name) is never reached: \(other)\(context) comes first and already "
                           + (earlierIsExclusion ? "excludes " : "matches ") + (same ? "the same URLs" : "every URL this rule matches"),
                       fix: "remove it, or move it before \(other) if it should decide first")
            }
        }
    }

    // MARK: Normalizing rules

    /// A rule's patterns as compared: the path rooted, `*` parts dropped, lower-cased when
    /// case-insensitive, and the query items that constrain something.
    struct ComparedParts {
        var caseSensitive: Bool
        var percentEncoded: Bool
        var path: String?
        var fragment: String?
        var wholeQuery: String?
        var items: [(name: String, pattern: String)] = []

        init(_ rule: ComponentRule) {
            let caseSensitive = rule.caseSensitive ?? true
            self.caseSensitive = caseSensitive
            self.percentEncoded = rule.percentEncoded ?? true
            func folded(_ text: String) -> String {
                caseSensitive || text.containsVariableOpening ? text : text.lowercased()
            }
            func isAnything(_ text: String) -> Bool {
                !text.isEmpty && text.utf8.allSatisfy { $0 == UInt8(ascii: "*") }
            }
            path = rule.path.flatMap { source -> String? in
                let rooted = CompiledRule.rooted(source)
                return isAnything(rooted) ? nil : folded(rooted)
            }
            fragment = rule.fragment.flatMap { isAnything($0) ? nil : folded($0) }
            switch rule.query {
            case nil, .ignoredDictionary?:
                break
            case .string(let text)?:
                if !isAnything(text) { wholeQuery = folded(text) }
            case .items(let all)?:
                for item in all where !isAnything(item.pattern) {
                    items.append((caseSensitive ? item.name : item.name.lowercased(), folded(item.pattern)))
                }
            }
        }

        var isCatchAll: Bool { path == nil && wholeQuery == nil && items.isEmpty && fragment == nil }
        var settings: UInt8 { (caseSensitive ? 1 : 0) | (percentEncoded ? 2 : 0) }

        var key: RuleKey {
            let query: QueryKey = if let wholeQuery {
                .whole(wholeQuery)
            } else if !items.isEmpty {
                .items(items.map { $0.name + "\u{0}" + $0.pattern }.sorted())
            } else {
                .any
            }
            return RuleKey(path: path, query: query, fragment: fragment, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
        }
    }

    /// The key of a rule: equal keys mean the same patterns and settings.
    static func ruleKey(_ rule: ComponentRule) -> RuleKey {
        ComparedParts(rule).key
    }

    static func normalized(_ rule: ComponentRule) -> NormalizedRule {
        let parts = ComparedParts(rule)
        // Patterns with variables are not compared by coverage, only by key.
        var comparable = true
        func prepared(_ text: String) -> CoveragePattern? {
            let pattern = CoveragePattern(text, caseSensitive: true)
            if pattern == nil { comparable = false }
            return pattern
        }
        let pathCoverage = parts.path.flatMap(prepared)
        let fragmentCoverage = parts.fragment.flatMap(prepared)
        let queryCoverage: CoverageQuery
        if let wholeQuery = parts.wholeQuery {
            queryCoverage = prepared(wholeQuery).map(CoverageQuery.whole) ?? .any
        } else if !parts.items.isEmpty {
            queryCoverage = .items(parts.items.compactMap { item in prepared(item.pattern).map { (item.name, $0) } })
        } else {
            queryCoverage = .any
        }
        return NormalizedRule(
            isExclusion: rule.exclude ?? false,
            isCatchAll: parts.isCatchAll,
            settings: parts.settings,
            key: comparable ? nil : parts.key,
            coverage: comparable ? RuleCoverage(path: pathCoverage, query: queryCoverage, fragment: fragmentCoverage) : nil
        )
    }

    /// Whether every URL `later` matches is matched by `earlier` (same settings assumed).
    static func covers(_ earlier: RuleCoverage, _ later: RuleCoverage, budget: inout Int) -> Bool {
        if let fragment = earlier.fragment {
            guard let other = later.fragment, fragment.covers(other, budget: &budget) else { return false }
        }
        switch (earlier.query, later.query) {
        case (.any, _):
            break
        case (.whole(let pattern), .whole(let other)):
            guard pattern.covers(other, budget: &budget) else { return false }
        case (.items(let items), .items(let others)):
            // Every item the earlier rule names must be named by the later one with a narrower
            // pattern; an item the later rule leaves free could hold any value.
            for item in items {
                guard let other = others.first(where: { $0.name == item.name }),
                      item.pattern.covers(other.pattern, budget: &budget) else { return false }
            }
        default:
            return false
        }
        if let path = earlier.path {
            guard let other = later.path, path.covers(other, budget: &budget) else { return false }
        }
        return true
    }
}
