import AppSiteAssociation

/// URLs to ask a matcher about, derived from a file's own rules (so that some of them match)
/// plus a few fixed ones.
struct ProbeURLs {
    let urls: [LinkURL]

    static let fixed = [
        "https://example.com/",
        "https://example.com/a/b/c?x=1&y=2#frag",
        "https://EXAMPLE.com./Help/FAQ?articleNumber=1234",
        "http://example.com/%E2%9C%93/%2F?q=%41",
        "https://other.example/buy/1",
        "ftp://example.com/buy/1",
    ]

    init(file: AssociationFile) {
        var texts: [String] = []
        for rule in (file.appLinks?.details ?? []).flatMap(\.effectiveRules) {
            // Two readings of each rule: wildcards filled with text, and left empty.
            for filler in ["x1", ""] {
                var text = "https://example.com" + Self.path(Self.fill(rule.path ?? "/", with: filler))
                switch rule.query {
                case .string(let pattern)?:
                    text += "?" + Self.fill(pattern, with: filler)
                case .items(let items)?:
                    text += "?" + items.map { "\($0.name)=\(Self.fill($0.pattern, with: filler))" }.joined(separator: "&")
                case .ignoredDictionary?, nil:
                    break
                }
                if let fragment = rule.fragment {
                    text += "#" + Self.fill(fragment, with: filler)
                }
                texts.append(text)
            }
        }
        texts += Self.fixed
        urls = texts.compactMap { try? LinkURL(parsing: $0) }
    }

    /// The pattern with `*` replaced by `filler` and `?` by `a`; variables are left as written.
    static func fill(_ pattern: String, with filler: String) -> String {
        var result = ""
        for character in pattern {
            switch character {
            case "*": result += filler
            case "?": result += "a"
            default: result.append(character)
            }
        }
        return result
    }

    static func path(_ text: String) -> String {
        text.hasPrefix("/") ? text : "/" + text
    }
}
