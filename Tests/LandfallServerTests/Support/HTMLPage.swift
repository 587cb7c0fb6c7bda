/// Reads what tests check in a rendered page: meta tags and links, by plain text search (the
/// bundled templates write each tag on one line, attributes in a fixed order).
struct HTMLPage {
    let html: String

    init(_ html: String) {
        self.html = html
    }

    /// The `content` of `<meta name="KEY" ...>` or `<meta property="KEY" ...>`, as written (escaped).
    func meta(_ key: String) -> String? {
        for attribute in ["name", "property"] {
            let opening = "<meta \(attribute)=\"\(key)\" content=\""
            if let start = html.range(of: opening), let end = html[start.upperBound...].firstIndex(of: "\"") {
                return String(html[start.upperBound..<end])
            }
        }
        return nil
    }

    /// Every `<meta ...>` tag, whole.
    var metaTags: [String] {
        html.components(separatedBy: "<meta ").dropFirst().compactMap { $0.split(separator: ">", maxSplits: 1).first.map { "<meta \($0)>" } }
    }

    /// The `href` of the `<a>` with `id="ID"`.
    func link(id: String) -> String? {
        guard let start = html.range(of: "id=\"\(id)\" href=\""), let end = html[start.upperBound...].firstIndex(of: "\"") else {
            return nil
        }
        return String(html[start.upperBound..<end])
    }

    /// The text inside the element with `id="ID"` (up to its first closing tag), as written (escaped).
    func text(id: String) -> String? {
        guard let attribute = html.range(of: "id=\"\(id)\""), let open = html[attribute.upperBound...].firstIndex(of: ">"),
              let close = html[open...].range(of: "</") else {
            return nil
        }
        return String(html[html.index(after: open)..<close.lowerBound])
    }

    /// The text of `<title>`.
    var title: String? {
        guard let start = html.range(of: "<title>"), let end = html.range(of: "</title>", range: start.upperBound..<html.endIndex) else {
            return nil
        }
        return String(html[start.upperBound..<end.lowerBound])
    }
}
