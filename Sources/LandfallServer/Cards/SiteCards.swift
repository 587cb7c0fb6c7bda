import LandfallCards
import LandfallLinks
import LandfallSite

/// A loaded site's cards: the files they draw with (read once per load) and the renderer, and
/// the decision of which card a page or a short link gets. `nil` on a ``LoadedSite`` when cards
/// are off (a build without FreeType): pages then name the site's own image, as before cards.
///
/// Which card a page names:
/// - a page under embargo (and a short link to one): the site's default card, drawn from the
///   site's name and colour only, the same for every such page, so neither its address nor its
///   picture says anything of what is hidden;
/// - a route with its own `card:`: that card, even when the page has an image;
/// - a route without one: the page's own image when it has one (content `image` or
///   `page.image`), else the site's default card with the page's title;
/// - a short link naming a template of `cards:` (its `card`): that template, filled from its
///   target page (the route's parameters, the page's title and content) and the link's `data`
///   and preview title, unless the link has its own preview image; a name the site no longer
///   has counts as none (never an error);
/// - a short link naming none: its target page's card with the link's `data` (and its own
///   preview title), unless the link has its own preview image.
struct SiteCards: Sendable {
    let configuration: SiteConfiguration
    let assets: CardAssets
    let renderer: CardRenderer

    /// The renderer of every site: the installed fallback fonts, read once per process.
    static let sharedRenderer = CardRenderer.system()

    /// The card of a route's page.
    func card(route: SiteRoute, values: CardValues, source: PageCard.Source) -> PageCard {
        card(configuration.cardTemplate(for: route).resolved(with: values, site: configuration), source: source)
    }

    /// The card `template` (one of `cards:`) draws with `values`.
    func card(_ template: CardTemplate, values: CardValues, source: PageCard.Source) -> PageCard {
        card(template.resolved(with: values, site: configuration), source: source)
    }

    /// The site's default card: its colour, its icon and its name.
    var defaultCard: PageCard {
        card(CardTemplate.siteDefault(configuration).resolved(with: CardValues(), site: configuration), source: .siteDefault)
    }

    /// The card of a short link whose target is `page` (nil: not a page of the site, or one
    /// that is missing), or the default card while the target is under embargo: the template
    /// the link names (``ShortLink/card``) when the site has it, else its route's (or, without
    /// a page, the site's default).
    func linkCard(_ link: ShortLink, page: RoutePage?, embargoed: Bool) -> PageCard {
        if embargoed { return defaultCard }
        let source = PageCard.Source.link(host: link.host, slug: link.slug)
        let named = configuration.namedCardTemplate(link.card)
        var values = page?.cardValues ?? CardValues()
        values.data = link.data
        if let title = link.preview.title { values.title = title }
        if let description = link.preview.description { values.description = description }
        if let named { return card(named.resolved(with: values, site: configuration), source: source) }
        guard let page else {
            return card(CardTemplate.siteDefault(configuration).resolved(with: values, site: configuration), source: source)
        }
        return card(route: page.route, values: values, source: source)
    }

    /// The PNG of a card.
    func render(_ card: PageCard) throws(CardError) -> [UInt8] {
        try renderer.render(assets.description(of: card.resolved))
    }

    private func card(_ resolved: ResolvedCard, source: PageCard.Source) -> PageCard {
        PageCard(resolved: resolved, fingerprint: assets.fingerprint(of: resolved, renderer: renderer), source: source)
    }
}
