/// What a person sees on a page, read from the DOM Chromium serialized (`--dump-dom`): the
/// title in the tab, the headings, and the links with their names (their visible text, or
/// their `aria-label`).
///
/// ```swift
/// let page = RenderedPage(dom: try await chromium.renderedDOM(of: url))
/// #expect(page.headings == ["Compass"])
/// #expect(page.link(named: "Open in the app")?.href == "http://127.0.0.1:\(port)/puzzle/2026-11-20")
/// ```
///
/// Chromium writes the DOM in one canonical form (lowercase tags, double-quoted attributes,
/// `&amp;` `&lt;` `&gt;` `&quot;` `&nbsp;` escapes), which is what this reads; it is not a
/// general HTML parser.
struct RenderedPage: Sendable {
    /// A link as a person sees it: its name (its `aria-label`, else its visible text) and where it goes.
    struct Link: Sendable, Equatable, CustomStringConvertible {
        let text: String
        let href: String?

        var description: String { "\"\(text)\" -> \(href ?? "nowhere")" }
    }

    /// The serialized DOM.
    let dom: String

    /// The text of `<title>`: what the browser tab shows.
    var title: String? {
        dom.firstMatch(of: #/<title>(.*?)</title>/#.dotMatchesNewlines()).map { Self.visibleText(String($0.1)) }
    }

    /// The visible text of every `<h1>`, in order.
    var headings: [String] {
        dom.matches(of: #/<h1\b[^>]*>(.*?)</h1>/#.dotMatchesNewlines()).map { Self.visibleText(String($0.1)) }
    }

    /// Every link in the body, in order.
    var links: [Link] {
        let body = dom.firstRange(of: "<body").map { dom[$0.lowerBound...] } ?? dom[...]
        return body.matches(of: #/<a\b([^>]*)>(.*?)</a>/#.dotMatchesNewlines()).map { match in
            let href = match.1.firstMatch(of: #/\bhref="([^"]*)"/#).map { Self.decodingEntities(String($0.1)) }
            // A link's name is its aria-label when it has one (a store badge, drawn as SVG).
            let label = match.1.firstMatch(of: #/\baria-label="([^"]*)"/#).map { Self.decodingEntities(String($0.1)) }
            return Link(text: label ?? Self.visibleText(String(match.2)), href: href)
        }
    }

    /// The first link whose visible text is exactly `text`.
    func link(named text: String) -> Link? {
        links.first { $0.text == text }
    }

    /// All the text of the body with tags removed and whitespace collapsed.
    var bodyText: String {
        let body = dom.firstRange(of: "<body").map { String(dom[$0.lowerBound...]) } ?? dom
        return Self.visibleText(body)
    }

    /// `html` with tags removed, entities decoded and runs of whitespace made single spaces.
    static func visibleText(_ html: String) -> String {
        let withoutTags = html.replacing(#/<[^>]*>/#, with: " ")
        return decodingEntities(withoutTags).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `text` with the entities Chromium writes turned back into characters.
    static func decodingEntities(_ text: String) -> String {
        text.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
            .replacing("&#39;", with: "'").replacing("&nbsp;", with: "\u{A0}").replacing("&amp;", with: "&")
    }
}
