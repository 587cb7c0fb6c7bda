import LandfallSite

/// The files a site's cards draw with, read, checked and decoded once when the site loads:
/// background images, icons and fonts from the site folder, and installed fonts named in
/// `landfall.yml`, each with the digest of its bytes (a card's fingerprint covers them, so a
/// changed file makes new card addresses).
///
/// ```swift
/// let assets = try CardAssets.load(site.configuration, folder: "examples/demo") { path in
///     FileManager.default.contents(atPath: "examples/demo/" + path).map { [UInt8]($0) }
/// }
/// let card = try assets.description(of: resolved)       // a CardDescription, nothing read again
/// let name = assets.fingerprint(of: resolved, renderer: renderer)
/// ```
///
/// A file a route's `card:` names that is missing, too large, not a PNG or not a font refuses
/// the load with every such problem, each naming the route and the file. The site's own icon
/// (`icon: site`) and the default fonts are optional: a card goes without what is not there.
/// In a build without FreeType (cards off) the files are only checked to exist.
public struct CardAssets: Sendable {
    /// Decoded images by their path in the site folder.
    public private(set) var images: [String: CardImage] = [:]
    /// Fonts by the name `landfall.yml` gives them: a path in the site folder or an installed font's name.
    public private(set) var fonts: [String: CardFont] = [:]
    /// The SHA-256 of each file's bytes (hex), by the same keys as ``images`` and ``fonts``.
    public private(set) var digests: [String: String] = [:]

    /// No files: every card draws with the renderer's fallback fonts and without images.
    public static let none = CardAssets()

    /// Reads the files of every card of `configuration` through `read` (a path in the site
    /// folder in, its bytes out, nil when there is no such file).
    ///
    /// - Parameters:
    ///   - configuration: The site whose routes' cards (and default card) name the files.
    ///   - folder: How messages name the site folder.
    ///   - read: A path in the site folder in, its bytes out; nil when there is no such file.
    /// - Throws: ``CardAssetsError`` with one line per problem.
    public static func load(_ configuration: SiteConfiguration, folder: String,
                            read: (String) -> [UInt8]?) throws(CardAssetsError) -> CardAssets {
        var assets = CardAssets()
        var problems: [CardAssetsError.Problem] = []
        let decodes = CardRenderer.isAvailable
        for reference in references(configuration) {
            let known = assets.digests[reference.name] != nil
            if known { continue }
            func problem(_ message: String) -> CardAssetsError.Problem {
                CardAssetsError.Problem(path: reference.place + "." + reference.key, route: reference.route, message: message)
            }
            do throws(CardError) {
                switch reference.kind {
                case .image:
                    guard let bytes = read(reference.name) else {
                        if reference.required { problems.append(problem("'\(reference.name)' is not in the site folder (\(folder))")) }
                        continue
                    }
                    assets.digests[reference.name] = FileDigest.hex(bytes)
                    if decodes { assets.images[reference.name] = try CardImage(name: reference.name, png: bytes) }
                case .fontFile:
                    guard let bytes = read(reference.name) else {
                        problems.append(problem("the font '\(reference.name)' is not in the site folder (\(folder))"))
                        continue
                    }
                    assets.digests[reference.name] = FileDigest.hex(bytes)
                    if decodes { assets.fonts[reference.name] = try CardFont(name: reference.name, data: bytes) }
                case .installedFont:
                    guard decodes else { continue }
                    guard let path = SystemFonts.path(named: reference.name) else {
                        if reference.required {
                            problems.append(problem("no installed font is named '\(reference.name)' (looked in \(SystemFonts.folders.joined(separator: ", "))); install it or put its file in the site folder"))
                        }
                        continue
                    }
                    let font = try CardFont.file(atPath: path)
                    assets.fonts[reference.name] = font
                    assets.digests[reference.name] = FileDigest.hex(font.data)
                }
            } catch {
                problems.append(problem(error.message))
            }
        }
        guard problems.isEmpty else { throw CardAssetsError(problems: problems) }
        return assets
    }

    /// The card's description, drawn with the files read at load: a font or image that was
    /// optional and absent is left out (the renderer's fallback fonts draw the text).
    ///
    /// - Throws: ``CardError`` `.invalidCard` for a colour that does not parse.
    public func description(of card: ResolvedCard) throws(CardError) -> CardDescription {
        try CardDescription(card, image: { images[$0] }, font: { fonts[$0] })
    }

    /// Records a file's digest (tests use it to change a file without a file).
    mutating func setDigest(_ digest: String, for name: String) {
        digests[name] = digest
    }

    /// One file a card names, and where.
    struct Reference {
        enum Kind { case image, fontFile, installedFont }
        /// `routes[2]`, or `site` for the default card.
        var place: String
        /// The route's name.
        var route: String?
        var key: String
        var name: String
        var kind: Kind
        /// Whether its absence is an error (a route's own `card:` names it).
        var required: Bool
    }

    /// The files every card of the site names: each route's own card, each template of
    /// `cards:` (by name), then the site's default.
    static func references(_ configuration: SiteConfiguration) -> [Reference] {
        var references: [Reference] = []
        func add(_ template: CardTemplate, place: String, route: String?, required: Bool, named: Bool = false) {
            // A template of `cards:` is the value at its place: `cards.invite.background`.
            func key(_ key: String) -> String { named ? String(key.dropFirst("card.".count)) : key }
            if case .image(let path, _) = template.background {
                references.append(Reference(place: place, route: route, key: key("card.background"), name: path, kind: .image, required: required))
            }
            if let icon = template.iconPath(configuration) {
                let own: Bool = if case .path = template.icon { true } else { false }
                references.append(Reference(place: place, route: route, key: key("card.icon"), name: icon, kind: .image, required: required && own))
            }
            // The fonts the template names must be there; the default ones are optional.
            let fonts: [(String, [String])] = [("card.font", template.fonts), ("card.titleFont", template.titleFonts),
                                               ("card.title.font", template.title.fonts)]
                + template.lines.enumerated().map { ("card.lines[\($0.offset)].font", $0.element.fonts) }
            for (fontKey, names) in fonts {
                for name in names {
                    references.append(Reference(place: place, route: route, key: key(fontKey), name: name,
                                                kind: CardTemplate.isFontFile(name) ? .fontFile : .installedFont, required: required))
                }
            }
            for name in CardTemplate.defaultFonts + CardTemplate.defaultTitleFonts {
                references.append(Reference(place: place, route: route, key: key("card.font"), name: name, kind: .installedFont, required: false))
            }
        }
        for (index, route) in configuration.routes.enumerated() {
            if let card = route.card { add(card, place: "routes[\(index)]", route: route.name, required: true) }
        }
        for name in configuration.cardNames {
            if let card = configuration.cards[name] { add(card, place: "cards.\(name)", route: nil, required: true, named: true) }
        }
        add(CardTemplate.siteDefault(configuration), place: "site", route: nil, required: false)
        return references
    }
}

/// Why a site's card files could not be read: one line per problem, each naming the route and
/// the file.
public struct CardAssetsError: Error, Sendable, CustomStringConvertible {
    /// One file that cannot be used.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// Where `landfall.yml` names the file: `routes[2].card.background`.
        public var path: String
        /// The route's name.
        public var route: String?
        /// What is wrong with the file, naming it.
        public var message: String

        /// `routes[2].card.background (route 'puzzle'): 'static/bg.png' is not in the site folder (…)`.
        public var description: String {
            "\(path)\(route.map { " (route '\($0)')" } ?? ""): \(message)"
        }
    }

    /// The problems, in the order of the routes.
    public var problems: [Problem]

    /// The problems, one per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
