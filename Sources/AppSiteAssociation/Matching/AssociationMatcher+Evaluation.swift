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
        var text = url.text
        return text.withUTF8 { bytes in
            var prepared = PreparedURL(url, bytes: bytes)
            for detailIndex in detailIndices {
                for rule in details[detailIndex].rules {
                    // `rule` is a class reference: iterating does not copy its patterns.
                    var checks: [PartCheck]? = trace == nil ? nil : []
                    let matched = prepared.withVariant(rule.variant, needsItems: rule.needsItems) { buffer, layout, folds in
                        Self.ruleMatches(rule, buffer, layout, foldingASCII: folds, checks: &checks)
                    }
                    if let checks {
                        trace?.append(RuleStep(rule: rule.location, label: rule.label, isExclusion: rule.isExclusion, matched: matched, checks: checks))
                    }
                    if matched {
                        return MatchDecision(outcome: rule.isExclusion ? .exclude : .match, rule: rule.location)
                    }
                }
            }
            return MatchDecision(outcome: .noMatch, noMatchReason: .noRuleMatched)
        }
    }

    /// Hosts compare case-insensitively, ignoring one trailing dot.
    static func sameHost(_ lhs: String, _ rhs: String) -> Bool {
        func normal(_ host: String) -> String {
            (host.hasSuffix(".") ? String(host.dropLast()) : host).lowercased()
        }
        return normal(lhs) == normal(rhs)
    }

    /// Every present key must match. Without `checks` it stops at the first part that fails;
    /// with `checks` it compares every part, for the explanation.
    static func ruleMatches(
        _ rule: CompiledRule, _ bytes: UnsafeBufferPointer<UInt8>, _ layout: borrowing PartLayout,
        foldingASCII folds: Bool, checks: inout [PartCheck]?
    ) -> Bool {
        var allMatched = true
        func record(_ part: PartCheck.Part, _ pattern: WildcardPattern, _ value: UnsafeBufferPointer<UInt8>, _ matched: Bool, checks: inout [PartCheck]?) {
            let written = String(decoding: value, as: UTF8.self)
            let text = folds ? written.lowercased() : written
            checks?.append(PartCheck(part: part, pattern: pattern.source, value: text, matched: matched,
                                     hint: matched ? nil : pattern.mismatchHint(for: text)))
        }
        if let pattern = rule.path {
            let path = bytes.slice(layout.path)
            let matched = pattern.matches(MatchSubject(bytes: path, foldingASCII: folds))
                || pattern.matches(MatchSubject(bytes: path, appendingSlash: true, foldingASCII: folds))
            if checks != nil {
                let written = layout.path.isEmpty ? "/" : String(decoding: path, as: UTF8.self)
                let shown = folds ? written.lowercased() : written
                checks?.append(PartCheck(part: .path, pattern: pattern.source, value: shown, matched: matched,
                                         hint: matched ? nil : pattern.mismatchHint(for: shown)))
            }
            if !matched { allMatched = false; if checks == nil { return false } }
        }
        switch rule.query {
        case .any:
            break
        case .whole(let pattern):
            let query = bytes.slice(layout.query)
            let matched = pattern.matches(MatchSubject(bytes: query, foldingASCII: folds))
            if checks != nil { record(.query, pattern, query, matched, checks: &checks) }
            if !matched { allMatched = false; if checks == nil { return false } }
        case .items(let patterns):
            let items = layout.items ?? []
            for itemPattern in patterns {
                var found = false
                var matched = true
                var shown = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                for item in items where bytes.bytes(item.name, equal: itemPattern.name, foldingASCII: folds) {
                    let value = bytes.slice(item.value)
                    if !found { shown = value }
                    found = true
                    if !itemPattern.pattern.matches(MatchSubject(bytes: value, foldingASCII: folds)) {
                        matched = false
                        shown = value
                        break
                    }
                }
                if !found {
                    // A missing item counts as the empty string.
                    matched = itemPattern.pattern.matches(MatchSubject(bytes: shown))
                }
                if checks != nil { record(.queryItem(itemPattern.display), itemPattern.pattern, shown, matched, checks: &checks) }
                if !matched { allMatched = false; if checks == nil { return false } }
            }
        }
        if let pattern = rule.fragment {
            let fragment = bytes.slice(layout.fragment)
            let matched = pattern.matches(MatchSubject(bytes: fragment, foldingASCII: folds))
            if checks != nil { record(.fragment, pattern, fragment, matched, checks: &checks) }
            if !matched { allMatched = false; if checks == nil { return false } }
        }
        return allMatched
    }
}
