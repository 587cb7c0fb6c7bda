import LandfallLinks
import LandfallSite
import LandfallStorage

/// Finds a short link by host and slug: from this instance's ``LinkCache``, else from the
/// database (and then cached, "no such link" included); when the database cannot be asked,
/// from an expired entry of the cache still within ``LinkCache/staleIfError`` (stale-if-error).
struct LinkLookup: Sendable {
    let cache: LinkCache
    let storage: Storage

    init(_ parts: ServerComponents) {
        cache = parts.linkCache
        storage = parts.storage
    }

    /// The link with `slug` on `host`, or `nil` when there is none.
    func link(host: String, slug: String) async throws(StorageError) -> ShortLink? {
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

    /// The link a request for `slug` on `linkHost` opens: the slug as written, then, on a host
    /// whose slugs are compared without case, in lower case (``LinkHost/lookupSlugs(for:)``).
    func link(on linkHost: LinkHost, slug: String) async throws(StorageError) -> ShortLink? {
        try await linkHost.firstLink(for: slug) { candidate throws(StorageError) in try await link(host: linkHost.name, slug: candidate) }
    }

    /// Whether `text` is made of slug characters only (ASCII letters, digits, `-`, `_`) and is
    /// not longer than a slug can be: anything else is not looked up.
    static func mayBeSlug(_ text: some StringProtocol) -> Bool {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= SlugPolicy.allowedLengths.upperBound else { return false }
        return bytes.allSatisfy(SlugPolicy.isSlugByte)
    }
}
