extension SitemapSummary {
    /// The summary for people: a headline, then one aligned line per group with its page count,
    /// what decided, and a few example pages.
    ///
    /// ```
    /// opens ABCDE12345.com.example.app: 124 of 140 pages
    ///   124 pages  open by applinks.details[0].components[2] `/puzzle/*` on daily.example.com       e.g. https://daily.example.com/puzzle/2026-11-20, …
    ///    12 pages  excluded by applinks.details[0].components[1] `/archive/*` on daily.example.com  e.g. https://daily.example.com/archive/2019, …
    ///     3 pages  no rule matched on daily.example.com                                              e.g. https://daily.example.com/about
    ///     1 page   no association file on shop.example.com (404)                                     e.g. https://shop.example.com/
    /// ```
    ///
    /// - Parameter examplesPerGroup: how many pages to show per group (`…` follows when there are
    ///   more); 0 shows none.
    public func lines(examplesPerGroup: Int = 3) -> [String] {
        let headline = "opens \(appID): \(opensCount) of \(pageCount) \(Self.pages(pageCount))"
        let counts = groups.map { String($0.pages.count) }
        let countWidth = counts.map(\.count).max() ?? 0
        let descriptions = groups.map(\.summary)
        let descriptionWidth = descriptions.map(\.count).max() ?? 0
        let shown = max(0, examplesPerGroup)
        var lines = [headline]
        for (index, group) in groups.enumerated() {
            let count = String(repeating: " ", count: countWidth - counts[index].count) + counts[index]
            let noun = Self.pages(group.pages.count).padding(toLength: 5)
            var line = "  \(count) \(noun)  \(descriptions[index])"
            if shown > 0, !group.pages.isEmpty {
                let examples = group.pages.prefix(shown).joined(separator: ", ") + (group.pages.count > shown ? ", …" : "")
                line = line.padding(toLength: line.count + descriptionWidth - descriptions[index].count) + "  e.g. " + examples
            }
            lines.append(line)
        }
        return lines
    }

    /// `page` or `pages`.
    private static func pages(_ count: Int) -> String { count == 1 ? "page" : "pages" }
}

extension SitemapSummary.Group {
    /// What decided the group, in a few words: `open by applinks.details[0].components[2] `/puzzle/*` on daily.example.com`.
    public var summary: String {
        let host = self.host.map { " on \($0)" } ?? ""
        let rule = self.rule.map { " \($0.jsonPath)" } ?? ""
        let pattern = self.pattern.map { " `\($0)`" } ?? ""
        let reason = self.reason.map { " (\($0))" } ?? ""
        switch verdict {
        case .opens: return "open by\(rule)\(pattern)\(host)"
        case .excluded: return "excluded by\(rule)\(pattern)\(host)"
        case .noRuleMatched: return "no rule matched\(host)\(reason)"
        case .noAssociationFile: return "no association file\(host)\(reason)"
        case .invalidURL: return "not a usable URL\(reason)"
        }
    }
}

extension String {
    /// The string followed by spaces up to `length` characters (unchanged when it is as long already).
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
