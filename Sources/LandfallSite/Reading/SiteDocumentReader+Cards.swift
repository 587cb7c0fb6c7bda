import AppSiteAssociation
import DeepLinkRouting
import Foundation
import Yams

extension SiteDocumentReader {
    static let cardKeys = ["size", "background", "overlay", "icon", "title", "lines", "font", "titleFont", "color", "alignment", "data", "content"]
    static let cardTextKeys = ["text", "size", "color", "font", "alignment", "maxLines"]

    /// The named templates of `cards:`, by name: each read as a route's `card:` is, its
    /// placeholders checked against the page's, its own `content:` and `data:`, and the
    /// parameters of the site's routes (which a link's target page may supply).
    func readCards(_ top: Node.Mapping) -> [String: CardTemplate] {
        guard let node = top["cards"], !YAMLDocument.isNull(node) else { return [:] }
        guard let mapping = node.mapping else {
            document.error("expected a mapping of card templates by name, such as `cards: {invite: {title: \"{site}\"}}`", at: "cards", node)
            return [:]
        }
        var cards: [String: CardTemplate] = [:]
        for (keyNode, cardNode) in mapping {
            let name = keyNode.string ?? ""
            guard CardTemplate.isName(name) else {
                document.error("'\(name)' is not a card template name; write \(CardTemplate.nameRule)", at: "cards", keyNode)
                continue
            }
            if case .scalar = cardNode {
                document.error("the card template '\(name)' must be a mapping (background, title, lines, ...), as a route's card is",
                               at: "cards.\(name)", cardNode)
                continue
            }
            if let card = readCard(cardNode, at: "cards.\(name)", owner: "the template '\(name)'", parameters: routeParameters) {
                cards[name] = card
            }
        }
        return cards
    }

    /// `routes` with each `card: NAME` replaced by the template of `cards:` it names; an error
    /// for a name `cards:` does not have.
    func resolveNamedRouteCards(_ routes: [SiteRoute], cards: [String: CardTemplate]) -> [SiteRoute] {
        var routes = routes
        for reference in namedRouteCards {
            guard let card = cards[reference.name] else {
                let known = cards.keys.sorted()
                let hint = NameSuggestion.closest(to: reference.name, among: known).map { "did you mean '\($0)'? " } ?? ""
                document.error("no card template is named '\(reference.name)'; \(hint)the templates of cards: \(known.isEmpty ? "none" : known.joined(separator: ", "))",
                               at: reference.path, reference.node)
                continue
            }
            if routes.indices.contains(reference.route) { routes[reference.route].card = card }
        }
        return routes
    }

    /// A `card:` (a route's, or a template of `cards:`): every value checked, and every
    /// placeholder checked against what it can fill (`parameters`, the page's, and the names
    /// in `content:` and `data:`); `owner` says whose card it is in messages.
    func readCard(_ node: Node, at path: String, owner: String, parameters: [String]) -> CardTemplate? {
        guard let mapping = document.mapping(node, at: path, known: Self.cardKeys) else { return nil }
        var card = CardTemplate()
        if let (text, sizeNode) = document.string(mapping, "size", at: path) {
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            if parts.count == 2, let width = parts[0], let height = parts[1], (16...4096).contains(width), (16...4096).contains(height) {
                card.width = width
                card.height = height
            } else {
                document.error("'\(text)' is not a card size; write WIDTHxHEIGHT in pixels, each 16...4096, such as 1200x630", at: "\(path).size", sizeNode)
            }
        }
        let overlay = document.string(mapping, "overlay", at: path).flatMap { text, overlayNode in
            color(text, alpha: true, at: "\(path).overlay", overlayNode)
        }
        if let (text, backgroundNode) = document.string(mapping, "background", at: path) {
            if text.hasPrefix("#") {
                if let color = color(text, alpha: false, at: "\(path).background", backgroundNode) { card.background = .color(color) }
            } else if let file = sitePath(text, at: "\(path).background", backgroundNode, image: true) {
                card.background = .image(path: file, overlay: overlay)
            }
        }
        if let (text, iconNode) = document.string(mapping, "icon", at: path) {
            if text == "none" {
                card.icon = .none
            } else if let file = sitePath(text, at: "\(path).icon", iconNode, image: true) {
                card.icon = .path(file)
            }
        }
        card.fonts = fonts(mapping, "font", at: path)
        card.titleFonts = fonts(mapping, "titleFont", at: path)
        if let (text, colorNode) = document.string(mapping, "color", at: path) {
            card.color = color(text, alpha: false, at: "\(path).color", colorNode)
        }
        if let alignment = alignment(mapping, at: path) { card.alignment = alignment }
        card.data = names(mapping, "data", at: path)
        card.content = names(mapping, "content", at: path)
        let available = card.availablePlaceholders(parameters: parameters)
        let describe = "the card of \(owner) can fill: \(available.map { "{\($0)}" }.joined(separator: ", ")); name a short link's data key in 'data:' or a content field in 'content:'"
        if let titleNode = mapping["title"], !YAMLDocument.isNull(titleNode),
           let title = text(titleNode, at: "\(path).title", available: available, describe: describe) {
            card.title = title
        }
        if let linesNode = mapping["lines"], !YAMLDocument.isNull(linesNode) {
            if let sequence = linesNode.sequence {
                card.lines = sequence.enumerated().compactMap { index, lineNode in
                    text(lineNode, at: "\(path).lines[\(index)]", available: available, describe: describe)
                }
            } else {
                document.error("expected a list of lines, each a text or a mapping with 'text'", at: "\(path).lines", linesNode)
            }
        }
        return card
    }

    /// A text written as a string, or as a mapping with `text` and its own look.
    private func text(_ node: Node, at path: String, available: [String], describe: String) -> CardTemplate.Text? {
        let raw: (String, Node)
        var text = CardTemplate.Text(.placeholderText(""))
        if case .scalar(let scalar) = node {
            raw = (scalar.string, node)
        } else if let mapping = document.mapping(node, at: path, known: Self.cardTextKeys, expected: "a text, or a mapping with 'text'") {
            guard let found = document.string(mapping, "text", at: path, required: true) else { return nil }
            raw = found
            if let sizeNode = mapping["size"], !YAMLDocument.isNull(sizeNode) {
                if let size = Double(sizeNode.string ?? ""), (4...400).contains(size) {
                    text.size = size
                } else {
                    document.error("expected a size in pixels, 4...400, found \(YAMLDocument.describe(sizeNode))", at: "\(path).size", sizeNode)
                }
            }
            if let (value, colorNode) = document.string(mapping, "color", at: path) {
                text.color = color(value, alpha: true, at: "\(path).color", colorNode)
            }
            text.fonts = fonts(mapping, "font", at: path)
            text.alignment = alignment(mapping, at: path)
            text.maxLines = document.int(mapping, "maxLines", at: path, in: 1...20)
        } else {
            return nil
        }
        do {
            text.text = try PlaceholderText(raw.0)
        } catch {
            document.error(error.message, at: path, raw.1, characterOffset: error.offset)
            return nil
        }
        for name in text.text.names where !available.contains(name) {
            let offset = raw.0.range(of: "{\(name)}").map { raw.0.distance(from: raw.0.startIndex, to: $0.lowerBound) } ?? 0
            let hint = NameSuggestion.closest(to: name, among: available).map { "did you mean {\($0)}? " } ?? ""
            document.error("{\(name)} is not a placeholder this card can fill; \(hint)\(describe)", at: path, raw.1, characterOffset: offset)
        }
        return text
    }

    /// `#rrggbb` (or `#rrggbbaa` when `alpha`) for a colour as written, with an error otherwise.
    private func color(_ text: String, alpha: Bool, at path: String, _ node: Node) -> String? {
        if let color = Self.color(text) { return color }
        let digits = text.dropFirst()
        if alpha, text.hasPrefix("#"), digits.count == 8, digits.allSatisfy(\.isHexDigit) { return text.lowercased() }
        document.error("'\(text)' is not a colour; write it as #RRGGBB\(alpha ? " or #RRGGBBAA (AA the opacity)" : "") or #RGB, such as #3B5BDB", at: path, node)
        return nil
    }

    /// A path in the site folder (a leading '/' allowed), without '..' or a URL's scheme.
    private func sitePath(_ text: String, at path: String, _ node: Node, image: Bool) -> String? {
        let relative = text.hasPrefix("/") ? String(text.dropFirst()) : text
        guard !relative.isEmpty, !text.contains("://"), !relative.hasPrefix("/"), !relative.split(separator: "/").contains("..") else {
            document.error("'\(text)' is not a file in the site folder; write a path such as static/card.png, without '..' or a URL", at: path, node)
            return nil
        }
        if image, !relative.lowercased().hasSuffix(".png") {
            document.error("'\(text)' is not a PNG file; cards read PNG images only", at: path, node)
            return nil
        }
        return relative
    }

    /// A font or a list of fonts in order of preference: files in the site folder (a path with
    /// '/' or a .ttf, .otf or .ttc name) or installed fonts' names.
    private func fonts(_ mapping: Node.Mapping, _ key: String, at path: String) -> [String] {
        document.strings(mapping, key, at: path).enumerated().compactMap { index, entry in
            let (text, fontNode) = entry
            guard CardTemplate.isFontFile(text) else { return text.isEmpty ? nil : text }
            return sitePath(text, at: "\(YAMLDocument.join(path, key))[\(index)]", fontNode, image: false)
        }
    }

    private func alignment(_ mapping: Node.Mapping, at path: String) -> CardTemplate.Alignment? {
        guard let (text, node) = document.string(mapping, "alignment", at: path) else { return nil }
        guard let alignment = CardTemplate.Alignment(rawValue: text) else {
            document.error("'\(text)' is not an alignment; write leading, center or trailing", at: "\(path).alignment", node)
            return nil
        }
        return alignment
    }

    /// Placeholder names: letters, digits and '_'.
    private func names(_ mapping: Node.Mapping, _ key: String, at path: String) -> [String] {
        document.strings(mapping, key, at: path).compactMap { text, node in
            guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }) else {
                document.error("'\(text)' is not a placeholder name; write letters, digits and _", at: YAMLDocument.join(path, key), node)
                return nil
            }
            return text
        }
    }
}
