import Foundation
import LandfallLinks
import LandfallSite
import Mustache

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
    /// The served `apple-app-site-association`, when the site has an iOS app.
    let appleAssociation: AssociationDocument?
    /// The served `assetlinks.json`, when the site has an Android app.
    let assetLinks: AssociationDocument?
    /// The link host's `apple-app-site-association`, which claims every short link.
    let linksAppleAssociation: AssociationDocument?
    /// The link host's `assetlinks.json`.
    let linksAssetLinks: AssociationDocument?
    /// Where it was loaded from.
    let sourceName: String
    /// When it was loaded.
    let loadedAt: Date
    /// Where short links may lead (built once: it holds compiled allowlist patterns).
    let destinations: DestinationPolicy
    /// The generator of random slugs.
    let slugGenerator: SlugGenerator

    init(site: Site, templates: MustacheLibrary, content: any ContentStore, appleAssociation: AssociationDocument?,
         assetLinks: AssociationDocument?, linksAppleAssociation: AssociationDocument?, linksAssetLinks: AssociationDocument?,
         sourceName: String, loadedAt: Date) {
        self.site = site
        self.templates = templates
        self.content = content
        self.appleAssociation = appleAssociation
        self.assetLinks = assetLinks
        self.linksAppleAssociation = linksAppleAssociation
        self.linksAssetLinks = linksAssetLinks
        self.sourceName = sourceName
        self.loadedAt = loadedAt
        self.destinations = site.configuration.destinationPolicy
        self.slugGenerator = site.configuration.links.slugGenerator
    }

    var configuration: SiteConfiguration { site.configuration }
}
