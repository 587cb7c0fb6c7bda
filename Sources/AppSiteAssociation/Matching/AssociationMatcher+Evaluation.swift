extension AssociationMatcher {
    /// The one evaluation behind both ``decision(for:appID:servedFrom:)-(LinkURL,_,_)`` and
    /// ``explanation(for:appID:servedFrom:)``: rules are decided by ``ruleMatches(_:_:_:_:foldingASCII:)``
    /// either way; with a non-nil `trace` each rule tried is also described part by part.
    /// `rulesTried` counts the rules compared with the URL (tests read it).
    func evaluate(_ url: LinkURL, appID: String, servedFrom host: String?, trying selection: RuleSelection,
                  trace: inout [RuleStep]?, rulesTried: inout Int) -> MatchDecision {
        guard url.isWebURL else { return MatchDecision(outcome: .noMatch, noMatchReason: .notWebURL) }
        if let host, !Self.sameHost(host, url.host) {
            return MatchDecision(outcome: .noMatch, noMatchReason: .otherHost)
        }
        guard let app = rulesByApp.firstIndex(where: { $0.appID == appID }) else {
            return MatchDecision(outcome: .noMatch, noMatchReason: .appNotListed)
        }
        var text = url.text
        return text.withUTF8 { bytes in
            program.withView { view in
                var prepared = PreparedURL(url, bytes: bytes)
                let ruleIndices = selection == .every ? rulesByApp[app].rules
                    : indexByApp[app]?.candidates(&prepared) ?? rulesByApp[app].rules
                for index in ruleIndices {
                    rulesTried += 1
                    let rule = view.rules[index]
                    let matched: Bool
                    if rule.variant == 0 || (rule.variant == 1 && prepared.isASCII) {
                        // Most rules fail on the first bytes of the path: decide those without a call.
                        if !prepared.pathHead.admits(rule, folding: rule.variant == 1) {
                            if trace != nil { trace?.append(step(index, rule, view, bytes, prepared.rawLayout, rule.variant == 1, false)) }
                            continue
                        }
                        // The common case: the URL's own bytes, folding ASCII case on the fly if asked.
                        if rule.itemsCount > 0 { prepared.splitRawItems() }
                        let folds = rule.variant == 1
                        matched = Self.ruleMatches(rule, view, bytes, prepared.rawLayout, foldingASCII: folds)
                        if trace != nil { trace?.append(step(index, rule, view, bytes, prepared.rawLayout, folds, matched)) }
                    } else {
                        matched = prepared.withTransformed(Int(rule.variant)) { buffer, layout in
                            let matched = Self.ruleMatches(rule, view, buffer, layout, foldingASCII: false)
                            if trace != nil { trace?.append(step(index, rule, view, buffer, layout, false, matched)) }
                            return matched
                        }
                    }
                    if matched {
                        return MatchDecision(outcome: rule.isExclusion ? .exclude : .match, rule: rules[index].location)
                    }
                }
                return MatchDecision(outcome: .noMatch, noMatchReason: .noRuleMatched)
            }
        }
    }

    /// The explanation of one rule tried.
    private func step(
        _ index: Int, _ rule: MatchProgram.Rule, _ view: MatchProgramView, _ bytes: UnsafeBufferPointer<UInt8>,
        _ layout: borrowing PartLayout, _ folds: Bool, _ matched: Bool
    ) -> RuleStep {
        let compiled = rules[index]
        return RuleStep(rule: compiled.location, label: compiled.label, isExclusion: rule.isExclusion, matched: matched,
                        checks: Self.checks(rule, view, bytes, layout, foldingASCII: folds, source: compiled))
    }

    /// Hosts compare case-insensitively, ignoring one trailing dot.
    static func sameHost(_ lhs: String, _ rhs: String) -> Bool {
        func normal(_ host: String) -> String {
            (host.hasSuffix(".") ? String(host.dropLast()) : host).lowercased()
        }
        return normal(lhs) == normal(rhs)
    }

    /// Every present key must match (an absent key is `*`).
    @inline(__always)
    static func ruleMatches(
        _ rule: MatchProgram.Rule, _ view: MatchProgramView, _ bytes: UnsafeBufferPointer<UInt8>,
        _ layout: borrowing PartLayout, foldingASCII folds: Bool
    ) -> Bool {
        guard pathMatches(rule.path, view, bytes, layout, folds) else { return false }
        if rule.query.kind != .any, !view.matches(rule.query, MatchSubject(bytes: bytes.slice(layout.query), foldingASCII: folds)) {
            return false
        }
        for offset in 0..<Int(rule.itemsCount) {
            guard itemMatches(view.items[Int(rule.itemsStart) + offset], view, bytes, layout, folds).matched else { return false }
        }
        return rule.fragment.kind == .any
            || view.matches(rule.fragment, MatchSubject(bytes: bytes.slice(layout.fragment), foldingASCII: folds))
    }

    /// The path matches with or without a trailing slash (the layout's path has none).
    @inline(__always)
    static func pathMatches(
        _ pattern: MatchProgram.Pattern, _ view: MatchProgramView, _ bytes: UnsafeBufferPointer<UInt8>,
        _ layout: borrowing PartLayout, _ folds: Bool
    ) -> Bool {
        guard pattern.kind != .any else { return true }
        let path = bytes.slice(layout.path)
        // The path with a trailing slash starts with the path without one, so a prefix that
        // fails on the shorter form up to its length fails on both: try the longer form first.
        let withSlash = MatchSubject(bytes: path, appendingSlash: true, foldingASCII: folds)
        guard view.startsWithPrefix(pattern, withSlash) else { return false }
        return view.matches(pattern, withSlash) || view.matches(pattern, MatchSubject(bytes: path, foldingASCII: folds))
    }

    /// A named query item matches when every occurrence's value matches; a missing item is
    /// the empty string. Returns the value that decided (the first failing one, else the first).
    static func itemMatches(
        _ item: MatchProgram.Item, _ view: MatchProgramView, _ bytes: UnsafeBufferPointer<UInt8>,
        _ layout: borrowing PartLayout, _ folds: Bool
    ) -> (matched: Bool, value: Range<Int>?) {
        let name = view.name(of: item)
        var shown: Range<Int>? = nil
        for candidate in layout.items ?? [] where bytes.bytes(candidate.name, equal: name, foldingASCII: folds) {
            if shown == nil { shown = candidate.value }
            if !view.matches(item.pattern, MatchSubject(bytes: bytes.slice(candidate.value), foldingASCII: folds)) {
                return (false, candidate.value)
            }
        }
        if shown == nil {
            return (view.matches(item.pattern, MatchSubject(bytes: UnsafeBufferPointer(start: nil, count: 0))), nil)
        }
        return (true, shown)
    }

    /// Each part of a rule compared, for an explanation: the same comparisons as
    /// ``ruleMatches(_:_:_:_:foldingASCII:)``, all of them, with the values and hints.
    static func checks(
        _ rule: MatchProgram.Rule, _ view: MatchProgramView, _ bytes: UnsafeBufferPointer<UInt8>,
        _ layout: borrowing PartLayout, foldingASCII folds: Bool, source: CompiledRule
    ) -> [PartCheck] {
        func text(_ range: Range<Int>) -> String {
            let written = String(decoding: bytes.slice(range), as: UTF8.self)
            return folds ? written.lowercased() : written
        }
        func check(_ part: PartCheck.Part, _ pattern: WildcardPattern, _ value: String, _ matched: Bool) -> PartCheck {
            PartCheck(part: part, pattern: pattern.source, value: value, matched: matched,
                      hint: matched ? nil : pattern.mismatchHint(for: value))
        }
        var checks: [PartCheck] = []
        if let pattern = source.path {
            let value = layout.path.isEmpty ? "/" : text(layout.path)
            checks.append(check(.path, pattern, value, pathMatches(rule.path, view, bytes, layout, folds)))
        }
        switch source.query {
        case .any:
            break
        case .whole(let pattern):
            checks.append(check(.query, pattern, text(layout.query),
                                view.matches(rule.query, MatchSubject(bytes: bytes.slice(layout.query), foldingASCII: folds))))
        case .items(let entries):
            for (offset, entry) in entries.enumerated() {
                let result = itemMatches(view.items[Int(rule.itemsStart) + offset], view, bytes, layout, folds)
                checks.append(check(.queryItem(entry.display), entry.pattern, result.value.map(text) ?? "", result.matched))
            }
        }
        if let pattern = source.fragment {
            checks.append(check(.fragment, pattern, text(layout.fragment),
                                rule.fragment.kind == .any
                                    || view.matches(rule.fragment, MatchSubject(bytes: bytes.slice(layout.fragment), foldingASCII: folds))))
        }
        return checks
    }
}
