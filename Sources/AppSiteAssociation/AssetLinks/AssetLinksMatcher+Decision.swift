extension AssetLinksMatcher {
    /// The one evaluation behind decisions and explanations: `selection` says which components
    /// are tried, `explaining` whether each is described part by part (with hints) in the steps.
    func evaluate(_ url: LinkURL, packageName: String, certificateFingerprint: String?, servedFrom host: String?,
                  trying selection: RuleSelection, explaining: Bool, rulesTried: inout Int) -> AssetLinksDecision {
        func decide(_ outcome: MatchDecision.Outcome, _ reason: AssetLinksDecision.Reason, statement: Int? = nil,
                    rule: AssetLinksRuleLocation? = nil, steps: [AssetLinksRuleStep] = [], _ summary: String) -> AssetLinksDecision {
            let verb = outcome == .match ? "opens" : "does not open"
            return AssetLinksDecision(url: url.text, packageName: packageName, outcome: outcome, reason: reason,
                                      statementIndex: statement, rule: rule, steps: steps, summary: "\(verb) \(packageName): \(summary)")
        }
        guard url.isWebURL else {
            return decide(.noMatch, .notWebURL, "only http and https URLs are App Links, this one is \(url.scheme)")
        }
        if let host, !AssociationMatcher.sameHost(host, url.host) {
            return decide(.noMatch, .otherHost, "the URL's host \(url.host) is not \(host), where the file is served")
        }
        let listing = file.statements.indices.filter { file.statements[$0].target.packageName == packageName }
        guard !listing.isEmpty else {
            let includes = file.includes.isEmpty ? "" : " (the file includes \(file.includes.joined(separator: ", ")), which is not fetched here)"
            return decide(.noMatch, .packageNotListed, "no statement names it as an android_app target\(includes)")
        }
        let granting = listing.filter { file.statements[$0].handlesAllURLs }
        guard !granting.isEmpty else {
            return decide(.noMatch, .relationNotListed,
                          "statements name it but none grants \(AssetLinkStatement.handleAllURLs), which App Links need")
        }
        var qualifying = granting
        if let certificateFingerprint {
            let wanted = AssetLinksFormat.fingerprintKey(certificateFingerprint)
            qualifying = granting.filter { index in
                file.statements[index].target.sha256CertFingerprints.contains { AssetLinksFormat.fingerprintKey($0) == wanted }
            }
            guard !qualifying.isEmpty else {
                return decide(.noMatch, .fingerprintNotListed,
                              "no statement granting App Links lists the certificate fingerprint \(certificateFingerprint)")
            }
        }
        let first = qualifying[0]
        guard qualifying.contains(where: { !compiled[$0].isEmpty }) else {
            return decide(.match, .noComponents, statement: first,
                          "statement \(first + 1) grants App Links with no dynamic_app_link_components, so every URL on the host opens it")
        }
        guard supportsDynamicComponents else {
            return decide(.match, .componentsIgnored, statement: first,
                          "Android \(androidVersion) ignores dynamic_app_link_components, so every URL on the host opens it")
        }
        let parts = URLParts(url)
        let path = Array(parts.path.utf8)
        var steps: [AssetLinksRuleStep] = []
        for statementIndex in qualifying {
            let components = compiled[statementIndex]
            let tried = switch selection {
            case .every: Array(components.indices)
            case .candidates: indexByStatement[statementIndex].candidates(count: path.count) { path[$0] }
            }
            for ruleIndex in tried {
                rulesTried += 1
                let rule = components[ruleIndex]
                let location = AssetLinksRuleLocation(statementIndex: statementIndex, ruleIndex: ruleIndex)
                let matched: Bool
                if explaining {
                    let (result, checks) = rule.compare(parts, missingQueryItem: missingQueryItem)
                    steps.append(AssetLinksRuleStep(rule: location, label: rule.label, isExclusion: rule.isExclusion,
                                                    matched: result, checks: checks))
                    matched = result
                } else {
                    matched = rule.matches(parts, missingQueryItem: missingQueryItem)
                }
                if matched {
                    return rule.isExclusion
                        ? decide(.exclude, .exclusionMatched, statement: statementIndex, rule: location, steps: steps,
                                 "\(location) `\(rule.label)` excludes it")
                        : decide(.match, .ruleMatched, statement: statementIndex, rule: location, steps: steps,
                                 "\(location) `\(rule.label)` matched")
                }
            }
        }
        return decide(.noMatch, .noRuleMatched, steps: steps,
                      "no dynamic_app_link_components rule matched, and Android \(androidVersion) opens only URLs a rule allows")
    }
}
