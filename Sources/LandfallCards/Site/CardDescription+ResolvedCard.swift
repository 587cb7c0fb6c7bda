import LandfallSite

extension CardDescription {
    /// The description of a card from `landfall.yml`, with the files it names read through
    /// `files` (a path in the site folder in, the file's bytes out; nil when there is no such
    /// file): background and icon images, and fonts given as paths. Fonts given as names are
    /// installed fonts (``CardFont/system(named:)``).
    ///
    /// ```swift
    /// let resolved = site.cardTemplate(for: route).resolved(with: values, site: site)
    /// let card = try CardDescription(resolved) { path in siteFolder.read(path) }
    /// let png = try CardRenderer.system().render(card)
    /// ```
    ///
    /// A server reads the files once per site instead: ``CardAssets/description(of:)``.
    ///
    /// - Throws: ``CardError``: `.fileUnreadable` for a file `files` does not have, and the
    ///   errors of ``CardImage/init(name:png:)`` and ``CardFont/init(name:data:)``.
    public init(_ card: ResolvedCard, files: (String) -> [UInt8]?) throws(CardError) {
        func file(_ path: String, what: String) throws(CardError) -> [UInt8] {
            guard let bytes = files(path) else {
                throw CardError(.fileUnreadable, "\(path): the card's \(what) is not in the site folder")
            }
            return bytes
        }
        var fonts: [String: CardFont] = [:]
        try self.init(card, image: { path throws(CardError) in
            try CardImage(name: path, png: file(path, what: path == card.icon ? "icon" : "background"))
        }, font: { name throws(CardError) in
            if let known = fonts[name] { return known }
            let loaded = CardTemplate.isFontFile(name) ? try CardFont(name: name, data: file(name, what: "font")) : try CardFont.system(named: name)
            fonts[name] = loaded
            return loaded
        })
    }

    /// The description of a card, its images and fonts found by `image` and `font` (by their
    /// path or name in `landfall.yml`); one they answer nil for is left out.
    init(_ card: ResolvedCard, image: (String) throws(CardError) -> CardImage?,
         font: (String) throws(CardError) -> CardFont?) throws(CardError) {
        func text(_ text: ResolvedCard.Text) throws(CardError) -> CardText {
            var loaded: [CardFont] = []
            for name in text.fonts { if let found = try font(name) { loaded.append(found) } }
            return CardText(text.text, size: text.size, color: try Self.color(text.color), fonts: loaded,
                            alignment: CardAlignment(rawValue: text.alignment.rawValue) ?? .leading, maxLines: text.maxLines)
        }
        let background: CardBackground
        switch card.background {
        case .color(let hex):
            background = .color(try Self.color(hex))
        case .image(let path, let overlay):
            let overlayColor = try overlay.map { hex throws(CardError) in try Self.color(hex) }
            if let picture = try image(path) {
                background = .image(picture, overlay: overlayColor)
            } else {
                background = .color(CardColor(hex: CardTemplate.defaultColor) ?? .ink)
            }
        }
        var lines: [CardText] = []
        for line in card.lines { lines.append(try text(line)) }
        var icon: CardImage?
        if let path = card.icon { icon = try image(path) }
        self.init(width: card.width, height: card.height, background: background, icon: icon, title: try text(card.title), lines: lines)
    }

    private static func color(_ hex: String) throws(CardError) -> CardColor {
        guard let color = CardColor(hex: hex) else { throw CardError(.invalidCard, "'\(hex)' is not a colour (#rrggbb or #rrggbbaa)") }
        return color
    }
}
