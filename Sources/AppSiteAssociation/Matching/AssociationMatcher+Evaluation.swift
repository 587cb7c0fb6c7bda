extension AssociationMatcher {
    /// The one evaluation behind both ``decision(for:appID:servedFrom:)-(LinkURL,_,_)`` and
    /// ``explanation(for:appID:servedFrom:)``; it records steps only when `trace` is non-nil.
    func evaluate(_ url: LinkURL, appID: String, servedFrom host: String?, trace: inout [RuleStep]?) -> MatchDecision {
        guard url.isWebURL else { return MatchDecision(outcome: .noMatch, noMatchReason: .notWebURL) }
        if let host, !Self.sameHost(host, url.host) {
            return MatchDecision(outcome: .noMatch, noMatchReason: .otherHost)
        }
        guard let detailIndices = detailIndicesByApp[appID] else {
            return MatchDecision(outcome: .noMatch, noMatchReason: .appNotListed)
        }
        let prepared = PreparedURL(url, needed: neededVariants, splitItems: needsQueryItems)
        for detailIndex in detailIndices {
            for rule in details[detailIndex].rules {
                let matched: Bool
                if trace != nil {
                    var checks: [PartCheck]? = []
                    matched = Self.ruleMatches(rule, prepared, checks: &checks)
                    trace?.append(RuleStep(rule: rule.location, label: rule.label, isExclusion: rule.isExclusion, matched: matched, checks: checks ?? []))
                } else {
                    var none: [PartCheck]? = nil
                    matched = Self.ruleMatches(rule, prepared, checks: &none)
                }
                if matched {
                    return MatchDecision(outcome: rule.isExclusion ? .exclude : .match, rule: rule.location)
                }
            }
        }
        return MatchDecision(outcome: .noMatch, noMatchReason: .noRuleMatched)
    }

    /// Hosts compare case-insensitively, ignoring one trailing dot.
    static func sameHost(_ lhs: String, _ rhs: String) -> Bool {
        func normal(_ host: String) -> Substring {
            let trimmed = host.hasSuffix(".") ? host.dropLast() : Substring(host)
            return trimmed
        }
        return normal(lhs).lowercased() == normal(rhs).lowercased()
    }

    /// Every present key must match. Without `checks` it stops at the first part that fails;
    /// with `checks` it compares every part, for the explanation.
    static func ruleMatches(_ rule: CompiledRule, _ prepared: PreparedURL, checks: inout [PartCheck]?) -> Bool {
        guard let variant = prepared.variants[rule.variant] else { return false }
        let recording = checks != nil
        var allMatched = true
        func record(_ part: PartCheck.Part, _ pattern: WildcardPattern, _ bytes: [UInt8], _ matched: Bool) {
            guard recording else { return }
            let value = String(decoding: bytes, as: UTF8.self)
            checks?.append(PartCheck(part: part, pattern: pattern.source, value: value, matched: matched,
                                     hint: matched ? nil : pattern.mismatchHint(for: value)))
        }
        if let pattern = rule.path {
            let matched = variant.path.withUnsafeBufferPointer { buffer in
                pattern.matches(MatchSubject(bytes: buffer)) || pattern.matches(MatchSubject(bytes: buffer, appendingSlash: true))
            }
            record(.path, pattern, variant.path.isEmpty ? Array("/".utf8) : variant.path, matched)
            if !matched { allMatched = false; if !recording { return false } }
        }
        switch rule.query {
        case .any:
            break
        case .whole(let pattern):
            let matched = variant.query.withUnsafeBufferPointer { pattern.matches(MatchSubject(bytes: $0)) }
            record(.query, pattern, variant.query, matched)
            if !matched { allMatched = false; if !recording { return false } }
        case .items(let items):
            for item in items {
                var found = false
                var matched = true
                for candidate in variant.items where candidate.name == item.name {
                    found = true
                    let itemMatched = candidate.value.withUnsafeBufferPointer { item.pattern.matches(MatchSubject(bytes: $0)) }
                    if !itemMatched {
                        matched = false
                        record(.queryItem(item.display), item.pattern, candidate.value, false)
                        break
                    }
                }
                if !found {
                    matched = item.pattern.matches("")
                    record(.queryItem(item.display), item.pattern, [], matched)
                } else if matched {
                    record(.queryItem(item.display), item.pattern, variant.items.first { $0.name == item.name }?.value ?? [], true)
                }
                if !matched { allMatched = false; if !recording { return false } }
            }
        }
        if let pattern = rule.fragment {
            let matched = variant.fragment.withUnsafeBufferPointer { pattern.matches(MatchSubject(bytes: $0)) }
            record(.fragment, pattern, variant.fragment, matched)
            if !matched { allMatched = false; if !recording { return false } }
        }
        return allMatched
    }
}
