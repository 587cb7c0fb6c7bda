import Foundation
import LandfallLinks
import LandfallSite
import LandfallStorage

extension DemoSite {
    /// The demo's short links (`examples/demo/links.json`, a `POST /v1/links/bulk` body), so
    /// that a newcomer's first `landfall serve` has links to follow.
    static var linkDrafts: [LinkDraft] {
        get throws {
            guard let text = files["links.json"] else { return [] }
            return try LinkDraftBatch(json: Array(text.utf8)).links
        }
    }

    /// Stores the demo's short links that `storage` does not have yet: only missing slugs are
    /// added, so a link the user changed keeps its changes. Several demo servers starting at
    /// once on one database all succeed, and each link is stored once
    /// (`Storage.insertMissing`).
    ///
    /// - Throws: when the demo's file or a destination in it is refused (a test keeps it
    ///   valid), or the storage fails.
    static func seedLinks(into storage: Storage, site: Site, now: Date) async throws {
        let hosts = site.configuration.hosts
        guard let defaultHost = hosts.defaultLinkHost else { return }
        let policy = site.configuration.destinationPolicy
        var generator = SystemRandomNumberGenerator()
        var links: [ShortLink] = []
        for draft in try linkDrafts {
            guard let slug = draft.slug, let host = hosts.linkHost(named: draft.host ?? defaultHost) else { continue }
            var link = draft.shortLink(id: LinkID.generate(at: now, using: &generator), host: host.name, slug: host.storedSlug(slug), createdAt: now)
            link.target = try policy.destination(draft.target).text
            links.append(link)
        }
        _ = try await storage.insertMissing(links)
    }
}
