import Foundation
import LandfallCards
import LandfallLinks
import LandfallSite
import Mustache
import NIOConcurrencyHelpers

/// A site ready to serve: the checked configuration with its router and association files,
/// the page templates, and the content. Built by ``SiteLoader`` at start and on every reload,
/// and swapped in whole, so a request sees one version from start to end. A class, so that
/// handing it to a request is one retain.
final class LoadedSite: Sendable {
    /// The site.
    let site: Site
    /// The page templates: the bundled ones, overridden and extended by the site's directory.
    let templates: MustacheLibrary
    /// The content.
    let content: any ContentStore
    /// The files of the site's `static/` folder, served at `/static/`.
    let staticFiles: StaticFiles
    /// The served `apple-app-site-association`, when the site has an iOS app.
    let appleAssociation: AssociationDocument?
    /// The served `assetlinks.json`, when the site has an Android app.
    let assetLinks: AssociationDocument?
    /// The link host's `apple-app-site-association`, which claims every short link.
    let linksAppleAssociation: AssociationDocument?
    /// The link host's `assetlinks.json`.
    let linksAssetLinks: AssociationDocument?
    /// The share cards: their files and renderer; nil when cards are off (no FreeType).
    let cards: SiteCards?
    /// Where it was loaded from.
    let sourceName: String
    /// When it was loaded.
    let loadedAt: Date
    /// Where short links may lead (built once: it holds compiled allowlist patterns).
    let destinations: DestinationPolicy
    /// The generator of random slugs.
    let slugGenerator: SlugGenerator
    /// The https origins of the site's hosts (``Origins`` starts from them for every request).
    let canonicalOrigins: CanonicalOrigins
    /// Destinations already checked against ``destinations``, by their text: a short link's
    /// target is checked at every click, and a reload (which may change the allowlist) starts
    /// afresh with the new site.
    private let checkedDestinations = NIOLockedValueBox<[String: Destination?]>([:])
    /// How many checked destinations are remembered before the memory starts over.
    static let checkedDestinationLimit = 10_000

    init(site: Site, templates: MustacheLibrary, content: any ContentStore, staticFiles: StaticFiles = .none, cards: CardAssets? = nil,
         appleAssociation: AssociationDocument?,
         assetLinks: AssociationDocument?, linksAppleAssociation: AssociationDocument?, linksAssetLinks: AssociationDocument?,
         sourceName: String, loadedAt: Date) {
        self.site = site
        self.templates = templates
        self.content = content
        self.staticFiles = staticFiles
        self.appleAssociation = appleAssociation
        self.assetLinks = assetLinks
        self.linksAppleAssociation = linksAppleAssociation
        self.linksAssetLinks = linksAssetLinks
        self.cards = CardRenderer.isAvailable
            ? SiteCards(configuration: site.configuration, assets: cards ?? .none, renderer: SiteCards.sharedRenderer) : nil
        self.sourceName = sourceName
        self.loadedAt = loadedAt
        self.destinations = site.configuration.destinationPolicy
        self.slugGenerator = site.configuration.links.slugGenerator
        self.canonicalOrigins = CanonicalOrigins(hosts: site.configuration.hosts)
    }

    var configuration: SiteConfiguration { site.configuration }

    /// `text` as the destination policy accepts it (normalized), or `nil` when the policy
    /// refuses it; remembered, since the same targets are checked at every click.
    func checkedDestination(_ text: String) -> Destination? {
        if let known = checkedDestinations.withLockedValue({ $0[text] }) { return known }
        let checked = try? destinations.destination(text)
        checkedDestinations.withLockedValue { memory in
            if memory.count >= Self.checkedDestinationLimit { memory.removeAll(keepingCapacity: true) }
            memory[text] = checked
        }
        return checked
    }
}
