import Foundation
import LandfallLinks
import LandfallSite
import LandfallStorage
import Logging

/// Creates and changes short links with every check the site makes, for each program that
/// writes links: the API (`POST /v1/links`, `PATCH`, `disable`, `enable`, `DELETE`), `landfall
/// links` and the dashboard.
///
/// A draft or a patch is checked against the site before anything is stored: the link host,
/// the slug policy, the destination policy (the allowlist, the open-redirect guard) and an
/// expiry in the past. Random slugs that collide are drawn again (``slugAttempts`` times);
/// a custom slug that is taken is refused. Each refusal is an ``APIError`` naming the field at
/// fault, in the words the API answers with.
///
/// ```swift
/// let writer = LinkWriter(storage: storage, site: site)
/// let links = try await writer.create([LinkDraft(target: "https://daily.example.com/puzzle/today", slug: "today")])
/// links[0].url   // https://go.daily.example.com/today
/// ```
///
/// Every change empties the server's link cache for the link when the writer belongs to the
/// server; other instances (and a server seeing a change made by the command line) learn of it
/// through PostgreSQL's change notification, or when their cached copy expires (10 s).
public struct LinkWriter: Sendable {
    /// How many times random slugs are drawn again after a collision before giving up.
    public static let slugAttempts = 5

    let storage: Storage
    let checks: LinkChecks
    let clock: @Sendable () -> Date
    let logger: Logger
    /// Forgets cached copies of the links at a host's slugs, after they changed.
    let forget: @Sendable (_ host: String, _ slugs: [String]) -> Void

    /// A writer for a program other than the server (such as `landfall links`), checking links
    /// against `site`'s configuration.
    ///
    /// - Parameters:
    ///   - storage: Where the links are.
    ///   - site: The site whose link host, slug policy and destinations are checked.
    ///   - clock: The time of creation and change, and what "expired" is measured against.
    ///   - logger: Where unexpected storage failures are logged.
    public init(storage: Storage, site: Site, clock: @escaping @Sendable () -> Date = { Date() },
                logger: Logger = Logger(label: "landfall.links") { _ in SwiftLogNoOpLogHandler() }) {
        self.init(storage: storage, checks: LinkChecks(site: site), clock: clock, logger: logger, forget: { _, _ in })
    }

    /// The server's writer, for a loaded site, forgetting in `links` what it changes.
    init(storage: Storage, site: LoadedSite, links: LinkMemory, clock: @escaping @Sendable () -> Date, logger: Logger) {
        self.init(storage: storage, checks: LinkChecks(site: site), clock: clock, logger: logger,
                  forget: { host, slugs in links.forget(host: host, slugs: slugs) })
    }

    init(storage: Storage, checks: LinkChecks, clock: @escaping @Sendable () -> Date, logger: Logger,
         forget: @escaping @Sendable (String, [String]) -> Void) {
        self.storage = storage
        self.checks = checks
        self.clock = clock
        self.logger = logger
        self.forget = forget
    }

    /// Checks drafts, gives each an id and a slug, and stores them all in one transaction (all
    /// or none), drawing random slugs again when one collides.
    ///
    /// - Parameters:
    ///   - drafts: The links to create, as the API, the dashboard or an import read them.
    ///   - field: The name of a draft's field in errors, from its name and the draft's
    ///     index (`links[3].slug` in a bulk request); the name alone by default.
    /// - Returns: The links stored, in the order of `drafts`.
    /// - Throws: ``APIError`` naming the field: a host that is not one of the site's link hosts
    ///   (`invalid_body`), a slug the policy refuses (`invalid_slug`), a destination the policy
    ///   refuses (`destination_refused`), an expiry that has passed (`invalid_body`), a card
    ///   template the site does not have (`unknown_card`), a slug taken or asked for twice
    ///   (`slug_taken`); `StorageError` when the database fails.
    public func create(_ drafts: [LinkDraft], field: (String, Int) -> String = { name, _ in name }) async throws -> [ShortLink] {
        var links = try prepare(drafts, field: field)
        let slugs = checks.slugGenerator
        var generator = SystemRandomNumberGenerator()
        for attempt in 1...Self.slugAttempts {
            do {
                try await storage.insert(links)
                for link in links { forget(link.host, [link.slug]) }
                return links
            } catch {
                guard case .slugTaken(let host, let slug) = error.code,
                      let index = links.firstIndex(where: { $0.host == host && $0.slug == slug }) else {
                    throw error
                }
                if drafts[index].slug != nil || attempt == Self.slugAttempts {
                    throw APIError(storage: error, slugField: field("slug", index), logger: logger)
                }
                let drawn = slugs.slug(using: &generator)
                links[index].slug = checks.configuration.hosts.linkHost(named: host)?.storedSlug(drawn) ?? drawn
            }
        }
        throw APIError(.internalServerError, .internalError, "No free random slug was found; try again.")
    }

    /// The links ``create(_:field:)`` would store, after every check that needs no database:
    /// each has its id, host, slug (random ones drawn) and normalized destinations. A dry run
    /// (`landfall links import --dry-run`) stops here.
    ///
    /// - Throws: ``APIError``, the refusals of ``create(_:field:)`` except a slug already taken.
    public func prepare(_ drafts: [LinkDraft], field: (String, Int) -> String = { name, _ in name }) throws(APIError) -> [ShortLink] {
        let now = clock()
        let slugs = checks.slugGenerator
        var links: [ShortLink] = []
        var customSlugs: [String: Int] = [:]  // "host/slug" as stored
        var generator = SystemRandomNumberGenerator()
        for (index, draft) in drafts.enumerated() {
            let host = try checks.linkHost(draft.host, field: field("host", index))
            let urls = try checks.urls(draft.urlFields, naming: { field($0, index) })
            try LinkChecks.future(draft.expiresAt, now: now, field: field("expiresAt", index))
            try checks.card(draft.card, field: field("card", index))
            let slug: String
            if let custom = draft.slug {
                try checks.slug(custom, field: field("slug", index))
                slug = host.storedSlug(custom)
                if let earlier = customSlugs[host.name + "/" + slug] {
                    let twice = slug == custom ? "'\(custom)'" : "'\(custom)' ('\(slug)' on \(host.name), whose slugs ignore case)"
                    throw APIError(.conflict, .slugTaken, "The slug \(twice) is asked for twice in this request (also by links[\(earlier)]).",
                                   field: field("slug", index))
                }
                customSlugs[host.name + "/" + slug] = index
            } else {
                slug = host.storedSlug(slugs.slug(using: &generator))
            }
            let link = draft.shortLink(id: LinkID.generate(at: now, using: &generator), host: host.name, slug: slug, createdAt: now)
            links.append(LinkChecks.normalizing(link, urls))
        }
        return links
    }

    /// Applies `patch` to `current` after checking what it changes, and stores the result.
    ///
    /// - Returns: The changed link, with `current`'s click count.
    /// - Throws: ``APIError``: the refusals of ``create(_:field:)`` for the fields the patch
    ///   sets, `not_found` when the link is gone; `StorageError` when the database fails.
    public func update(_ current: ShortLink, with patch: LinkPatch) async throws -> ShortLink {
        let linkHost = try patch.host.map { host throws(APIError) in try checks.linkHost(host, field: "host") }
        if let slug = patch.slug { try checks.slug(slug, field: "slug") }
        let urls = try checks.urls(patch.urlFields, naming: { $0 })
        try checks.card(patch.card.newValue, field: "card")
        let now = clock()
        var changed = LinkChecks.normalizing(patch.applied(to: current, at: now), urls)
        // A new slug or host is stored as its host keeps slugs (in lower case where they ignore case).
        if let linkHost { changed.host = linkHost.name }
        if patch.slug != nil || linkHost != nil, let host = checks.configuration.hosts.linkHost(named: changed.host) {
            changed.slug = host.storedSlug(changed.slug)
        }
        try LinkChecks.future(patch.expiresAt.newValue, now: now, field: "expiresAt")
        let updated: Bool
        do {
            updated = try await storage.update(changed)
        } catch {
            throw APIError(storage: error, slugField: "slug", logger: logger)
        }
        guard updated else { throw APIError.notFound() }
        forget(current.host, [current.slug])
        forget(changed.host, [changed.slug])
        changed.clickCount = current.clickCount
        return changed
    }

    /// Disables (`true`) or enables (`false`) `link`; nothing is stored when it already is.
    ///
    /// - Returns: The link as it is now.
    /// - Throws: ``APIError`` `not_found` when the link is gone; `StorageError` when the
    ///   database fails.
    public func setDisabled(_ disabled: Bool, _ link: ShortLink) async throws -> ShortLink {
        var link = link
        if link.isDisabled != disabled {
            link.isDisabled = disabled
            link.updatedAt = clock()
            guard try await storage.update(link) else { throw APIError.notFound() }
            forget(link.host, [link.slug])
        }
        return link
    }

    /// Deletes `link` and its counts.
    ///
    /// - Throws: ``APIError`` `not_found` when the link is gone already; `StorageError` when
    ///   the database fails.
    public func delete(_ link: ShortLink) async throws {
        guard try await storage.delete(id: link.id) else { throw APIError.notFound() }
        forget(link.host, [link.slug])
    }
}
