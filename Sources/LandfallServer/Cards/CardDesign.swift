import Foundation
import LandfallCards
import LandfallJSON
import LandfallSite

/// One card drawn offline from a site folder, exactly as the server draws the card of a page:
/// what `landfall config card` runs, for designing a route's template.
///
/// ```swift
/// let design = try CardDesign.draw(site: .file("examples/demo/landfall.yml"), route: "puzzle",
///                                  example: "/puzzle/2026-11-20", data: ["score": "3:12"])
/// try Data(design.png).write(to: URL(fileURLWithPath: "card.png"))
/// ```
///
/// The embargo is not applied: the card drawn is the one the page will have once it is out.
public struct CardDesign: Sendable {
    /// The card as a PNG file.
    public let png: [UInt8]
    /// Its size in pixels.
    public let width: Int
    public let height: Int
    /// Its texts (the `og:image:alt` the page gives it).
    public let alt: String
    /// Its fingerprint, the name the server serves it under.
    public let fingerprint: String

    /// Draws the card of `route`'s page at `example` (a path such as `/puzzle/2026-11-20`, or a
    /// whole URL on one of the site's hosts), with `data` as a short link's data; with
    /// `template`, the card a short link naming that template of `cards:` has instead.
    ///
    /// - Throws: ``CardDesignError``: cards are off, the site does not load, the route is not
    ///   one of the site's, the template is not one of `cards:`, the example is not a link of
    ///   that route, its content is missing, or the card cannot be drawn.
    public static func draw(site source: SiteSource, route name: String, example: String, data: [String: String] = [:],
                            template: String? = nil, now: Date = Date()) throws(CardDesignError) -> CardDesign {
        if let reason = CardRenderer.offReason { throw CardDesignError(.cardsOff, reason) }
        let site: LoadedSite
        do {
            site = try SiteLoader.load(source, now: now)
        } catch {
            throw CardDesignError(.siteRefused, error.description)
        }
        let configuration = site.configuration
        guard let cards = site.cards else { throw CardDesignError(.cardsOff, CardError.cardsOff.message) }
        guard let route = site.site.routesByName[name] else {
            let withCards = configuration.routes.filter { $0.card != nil }.map(\.name)
            let others = configuration.routes.filter { $0.card == nil }.map(\.name)
            throw CardDesignError(.unknownRoute, "the site has no route named '\(name)'; routes with a card: "
                + (withCards.isEmpty ? "none" : withCards.joined(separator: ", "))
                + (others.isEmpty ? "" : "; routes with the site's default card: " + others.joined(separator: ", ")))
        }
        if let template, configuration.cards[template] == nil {
            let known = configuration.cardNames
            throw CardDesignError(.unknownTemplate, "the site has no card template named '\(template)'; the templates of cards: "
                + (known.isEmpty ? "none" : known.joined(separator: ", ")))
        }
        let link = example.hasPrefix("/") ? "https://\(configuration.hosts.site)\(example)" : example
        guard case .matched(let match) = site.site.router.route(link) else {
            throw CardDesignError(.exampleNotMatching, "'\(example)' is not a link of the site; write a path of the route '\(name)' (\(route.definition.pattern)), such as \(exampleHint(route, configuration))")
        }
        guard match.route.name == name else {
            throw CardDesignError(.exampleNotMatching, "'\(example)' is a link of the route '\(match.route.name)', not of '\(name)' (\(route.definition.pattern))")
        }
        let parameters = match.parameters.pathParameters
        var content: JSONValue?
        if let key = route.page.content {
            let filled = key.filled(with: parameters)
            guard let contentKey = ContentKey(filled) else {
                throw CardDesignError(.contentMissing, "'\(filled)' is not a content key the route can read")
            }
            do {
                content = try site.content.content(at: contentKey)
            } catch {
                throw CardDesignError(.contentMissing, "content/\(filled).json: \(error)")
            }
            guard content != nil else {
                throw CardDesignError(.contentMissing, "the page of '\(example)' reads content/\(filled).json, which does not exist")
            }
        }
        let values = CardValues(route: route, parameters: parameters, content: content, data: data)
        let path = URLComponents(string: link).map { $0.percentEncodedPath + ($0.percentEncodedQuery.map { "?\($0)" } ?? "") } ?? example
        let card = if let named = configuration.namedCardTemplate(template) {
            cards.card(named, values: values, source: .page(path))
        } else {
            cards.card(route: route, values: values, source: .page(path))
        }
        let png: [UInt8]
        do {
            png = try cards.render(card)
        } catch {
            throw CardDesignError(.drawingFailed, error.message)
        }
        return CardDesign(png: png, width: card.resolved.width, height: card.resolved.height, alt: card.alt, fingerprint: card.fingerprint)
    }

    private static func exampleHint(_ route: SiteRoute, _ configuration: SiteConfiguration) -> String {
        route.definition.examples.first ?? route.definition.pattern
    }
}

/// Why ``CardDesign/draw(site:route:example:data:template:now:)`` drew no card: a code and a message
/// that says what to change.
public struct CardDesignError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable {
        /// This build draws no cards.
        case cardsOff
        /// The site's configuration, templates or card files are refused.
        case siteRefused
        /// No route has the name.
        case unknownRoute
        /// No template of `cards:` has the name.
        case unknownTemplate
        /// The example is not a link of the route.
        case exampleNotMatching
        /// The page's content does not exist.
        case contentMissing
        /// The renderer refused the card.
        case drawingFailed
    }

    /// What went wrong.
    public var code: Code
    /// What went wrong, for a person.
    public var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
