import Foundation
import LandfallLinks
import LandfallSite
import LandfallStorage

/// Finds a short link by host and slug: from this instance's ``LinkTable`` of every link when
/// it holds the link; else (no such link in the table, a limited link, the table loading or off)
/// from its ``LinkCache``, else from the database (and then cached, "no such link" included);
/// when the database cannot be asked, from an expired entry of the cache still within
/// ``LinkCache/staleIfError`` (stale-if-error).
///
/// The table is kept in step with every change the database reports, so its answers do not
/// age like the cache's; but while the database is down no change reaches it (another instance
/// that can still reach the database may be changing links), so past the stale-if-error window
/// of an outage it is not asked.
struct LinkLookup: Sendable {
    let cache: LinkCache
    let table: LinkTable?
    let storage: Storage

    init(_ parts: ServerComponents) {
        cache = parts.links.cache
        table = parts.links.table
        storage = parts.storage
    }

    /// The link with `slug` on `host`, or `nil` when there is none.
    func link(host: String, slug: String) async throws(StorageError) -> ShortLink? {
        // A slug the table has no link for is asked of the cache and the database all the same:
        // another process may have created it a moment ago (`landfall links create --data-dir`
        // reaches the table through the change log, up to a quarter of a second later).
        if let link = tableLink(host: host, slug: slug) { return link }
        switch cache.lookUp(host: host, slug: slug) {
        case .entry(.link(let link)): return link
        case .entry(.missing): return nil
        // The ticket is taken before asking: a change notified while the database answers wins over the answer.
        case .miss(let ticket):
            let link: ShortLink?
            do {
                link = try await storage.link(host: host, slug: slug)
            } catch where [.unreachable, .unavailable].contains(error.code) {
                switch cache.staleEntry(host: host, slug: slug) {
                case .link(let link): return link
                case .missing: return nil
                case nil: throw error
                }
            }
            cache.store(link.map { .link($0) } ?? .missing, with: ticket)
            return link
        }
    }

    /// Whether the database is up, or went down less than the stale-if-error window ago.
    private var tableMayAnswer: Bool {
        guard let since = storage.downSince else { return true }
        return Date().timeIntervalSince(since) < Double(cache.staleIfError.components.seconds)
    }

    /// The link a request for `slug` on `linkHost` opens: the slug as written, then, on a host
    /// whose slugs are compared without case, in lower case (``LinkHost/lookupSlugs(for:)``).
    func link(on linkHost: LinkHost, slug: String) async throws(StorageError) -> ShortLink? {
        try await linkHost.firstLink(for: slug) { candidate throws(StorageError) in try await link(host: linkHost.name, slug: candidate) }
    }

    /// The link the table holds for `slug` (as written) on `host`, when the table may answer:
    /// the first place ``link(host:slug:)`` looks, which a request can look at without an await
    /// (the hot path of a short link); nil when the table has no answer for it, and then
    /// ``link(on:slug:)`` has the last word.
    func tableLink(host: String, slug: String) -> ShortLink? {
        guard let table, case .link(let link) = table.lookUp(host: host, slug: slug), tableMayAnswer else { return nil }
        return link
    }

    /// Whether `text` is made of slug characters only (ASCII letters, digits, `-`, `_`) and is
    /// not longer than a slug can be: anything else is not looked up.
    static func mayBeSlug(_ text: some StringProtocol) -> Bool {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= SlugPolicy.allowedLengths.upperBound else { return false }
        return bytes.allSatisfy(SlugPolicy.isSlugByte)
    }
}
