import Foundation

extension HTMLPage {
    /// Every `href`, `src`, `content` and `action` attribute whose value contains `text`, whole
    /// (`href="https://evil.example.net/"`): where a page would send a visitor or a crawler.
    func attributesMentioning(_ text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: #"(href|src|content|action)="[^"]*"#) else { return [] }
        let range = NSRange(html.startIndex..., in: html)
        return expression.matches(in: html, range: range).compactMap { Range($0.range, in: html).map { String(html[$0]) } }
            .filter { $0.contains(text) }
    }
}
