import Foundation

extension CardTemplate {
    /// The title's size and line count, and the lines', unless a text sets its own.
    public static let titleSize = 72.0
    public static let titleMaxLines = 3
    public static let lineSize = 40.0
    public static let lineMaxLines = 2
    /// The fonts used when the template names none.
    public static let defaultTitleFonts = ["DejaVu Sans Bold"]
    public static let defaultFonts = ["DejaVu Sans"]
    /// The shade laid over a background image when the template sets none, so that white text reads.
    public static let defaultOverlay = "#00000066"

    /// The card of a route without one: the site's colour, its icon, the page's title and the
    /// site's name under it.
    public static func siteDefault(_ site: SiteConfiguration) -> CardTemplate {
        CardTemplate(background: .color(site.color ?? defaultColor), title: Text(pageTitle),
                     lines: [Text(.placeholderText("{site}"))])
    }

    /// The card for one page or link: placeholders filled, defaults decided. A line with a
    /// placeholder that has no value (or an empty one) is left out, and so is a line that says
    /// what the title says; the title keeps its other text.
    public func resolved(with values: CardValues, site: SiteConfiguration) -> ResolvedCard {
        var known: [String: String] = [:]
        for name in content { if let value = values.content[name] { known[name] = value } }
        for name in data { if let value = values.data[name] { known[name] = value } }
        known["site"] = site.name
        known["title"] = values.title ?? site.name
        if let description = values.description { known["description"] = description }
        known.merge(values.parameters) { _, parameter in parameter }
        known = known.filter { !$0.value.isEmpty }

        let background: Background = switch background {
        case .color: background
        case .image(let path, let overlay): .image(path: path, overlay: overlay ?? Self.defaultOverlay)
        }
        let ink = color ?? Self.readableColor(on: background)
        let titleFonts = titleFonts.isEmpty ? (fonts.isEmpty ? Self.defaultTitleFonts : fonts) : titleFonts
        let lineFonts = fonts.isEmpty ? Self.defaultFonts : fonts
        func resolve(_ text: Text, size: Double, color: String, fonts: [String], maxLines: Int) -> ResolvedCard.Text {
            ResolvedCard.Text(text: text.text.filled(with: known), size: text.size ?? size, color: text.color ?? color,
                              fonts: text.fonts.isEmpty ? fonts : text.fonts, alignment: text.alignment ?? alignment,
                              maxLines: text.maxLines ?? maxLines)
        }
        let resolvedTitle = resolve(title, size: Self.titleSize, color: ink, fonts: titleFonts, maxLines: Self.titleMaxLines)
        return ResolvedCard(
            width: width, height: height, background: background, icon: iconPath(site),
            title: resolvedTitle,
            lines: lines.filter { line in line.text.names.allSatisfy { known[$0] != nil } }.map {
                // Lines are the title's colour, a little lighter unless the template sets it.
                resolve($0, size: Self.lineSize, color: color ?? ink + "d9", fonts: lineFonts, maxLines: Self.lineMaxLines)
            }.filter { $0.text != resolvedTitle.text }  // the site's name under a title that is the site's name says nothing
        )
    }

    /// The icon's path in the site folder: its own, or the site's icon when that is a path on the
    /// site (`/static/icon.png` is `static/icon.png`); nil for none.
    public func iconPath(_ site: SiteConfiguration) -> String? {
        switch icon {
        case .none: nil
        case .path(let path): path
        case .site:
            site.icon.flatMap { $0.hasPrefix("/") && !$0.hasPrefix("//") ? String($0.dropFirst()) : nil }
        }
    }

    /// White or near-black (`#1c1f26`), whichever contrasts more with the background (WCAG 2);
    /// white over an image (which has a dark shade by default).
    static func readableColor(on background: Background) -> String {
        guard case .color(let hex) = background, let light = luminance(hex) else { return "#ffffff" }
        let ink = luminance("#1c1f26") ?? 0
        return 1.05 / (light + 0.05) >= (light + 0.05) / (ink + 0.05) ? "#ffffff" : "#1c1f26"
    }

    /// The relative luminance of `#rrggbb`.
    static func luminance(_ hex: String) -> Double? {
        let digits = Array(hex.dropFirst())
        guard hex.hasPrefix("#"), digits.count >= 6 else { return nil }
        var channels: [Double] = []
        for index in stride(from: 0, to: 6, by: 2) {
            guard let value = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
            let linear = Double(value) / 255
            channels.append(linear <= 0.039_28 ? linear / 12.92 : pow((linear + 0.055) / 1.055, 2.4))
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }
}

extension SiteConfiguration {
    /// The card of a route's pages and links: its own, or the site's default.
    public func cardTemplate(for route: SiteRoute) -> CardTemplate {
        route.card ?? CardTemplate.siteDefault(self)
    }

    /// The names of the site's named card templates (`cards:`), sorted.
    public var cardNames: [String] { cards.keys.sorted() }

    /// The template a short link naming `name` (its `card` field) gets: the named template
    /// when the site has one by that name, else nil (the link then has its target route's card,
    /// as a link naming none does: a template removed from `landfall.yml` never breaks a link).
    public func namedCardTemplate(_ name: String?) -> CardTemplate? {
        name.flatMap { cards[$0] }
    }
}
