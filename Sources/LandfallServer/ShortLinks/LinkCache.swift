import LandfallLinks
import NIOConcurrencyHelpers

/// Short links this instance has looked up, by host and slug, so that a click is answered
/// from memory.
///
/// Entries (including "no such link", so that a flood of unknown slugs does not reach the
/// database) live at most ``timeToLive``; a change notification (this process's own writes,
/// and other instances' through PostgreSQL `LISTEN/NOTIFY`) removes them at once. An expired
/// entry is kept ``staleIfError`` longer, for ``staleEntry(host:slug:now:)``: the answer when
/// the database cannot be asked. The cache is bounded: a shard that fills up drops its
/// entries past that, then an eighth of the rest.
final class LinkCache: Sendable {
    /// A cached answer.
    enum Entry: Sendable {
        case link(ShortLink)
        case missing
    }

    /// An entry and when it expires. A class, so that a look-up copies one reference under the
    /// shard's lock and the link itself once, outside it (a ``ShortLink`` is some twenty
    /// references, and the hot redirect reads one per request).
    private final class Stored: Sendable {
        let entry: Entry
        let expires: ContinuousClock.Instant

        init(entry: Entry, expires: ContinuousClock.Instant) {
            self.entry = entry
            self.expires = expires
        }
    }

    /// The entries of one shard, and how many removals it has had: a look-up that read the
    /// database before a removal must not store its (maybe stale) answer after it.
    private struct Shard {
        var entries: [String: Stored] = [:]
        var generation: UInt64 = 0
    }

    /// Where a look-up's shard was when it started: ``store(_:host:slug:ifUnchangedSince:now:)``
    /// stores nothing if an entry of the shard was removed since.
    struct Ticket: Sendable {
        fileprivate let generation: UInt64
    }

    private let shards: [NIOLockedValueBox<Shard>]
    private let capacityPerShard: Int
    let timeToLive: Duration
    /// How long past ``timeToLive`` an entry still answers while the database cannot be asked
    /// (`.zero`: not at all).
    let staleIfError: Duration

    init(capacity: Int, timeToLive: Duration = .seconds(10), staleIfError: Duration = .zero, shardCount: Int = 16) {
        self.shards = (0..<shardCount).map { _ in NIOLockedValueBox(Shard()) }
        self.capacityPerShard = max(1, capacity / shardCount)
        self.timeToLive = timeToLive
        self.staleIfError = staleIfError
    }

    /// The cached answer for `slug` on `host`, if it has not expired.
    func entry(host: String, slug: String, now: ContinuousClock.Instant = .now) -> Entry? {
        let key = Self.key(host: host, slug: slug)
        let found: Stored? = shard(for: key).withLockedValue { shard in
            guard let found = shard.entries[key] else { return nil }
            guard found.expires > now else {
                if found.expires + staleIfError <= now { shard.entries[key] = nil }
                return nil
            }
            return found
        }
        return found?.entry
    }

    /// The answer for `slug` on `host` even if it expired, as long as it expired less than
    /// ``staleIfError`` ago: what a link answers when the database cannot be asked.
    func staleEntry(host: String, slug: String, now: ContinuousClock.Instant = .now) -> Entry? {
        let key = Self.key(host: host, slug: slug)
        let stale = staleIfError
        return shard(for: key).withLockedValue { shard in
            guard let found = shard.entries[key], found.expires + stale > now else { return nil }
            return found.entry
        }
    }

    /// Where the shard of `slug` on `host` is now: take it before asking the database, and
    /// store the answer with it.
    func ticket(host: String, slug: String) -> Ticket {
        Ticket(generation: shard(for: Self.key(host: host, slug: slug)).withLockedValue { $0.generation })
    }

    /// Remembers `entry` for `slug` on `host`, unless an entry of its shard was removed since
    /// `ticket` was taken (a change notification arrived while the database was being asked:
    /// the answer may be older than the change).
    func store(_ entry: Entry, host: String, slug: String, ifUnchangedSince ticket: Ticket? = nil, now: ContinuousClock.Instant = .now) {
        let key = Self.key(host: host, slug: slug)
        let capacity = capacityPerShard
        shard(for: key).withLockedValue { shard in
            if let ticket, ticket.generation != shard.generation { return }
            if shard.entries.count >= capacity, shard.entries[key] == nil {
                let stale = staleIfError
                shard.entries = shard.entries.filter { $0.value.expires + stale > now }
                if shard.entries.count >= capacity {
                    for victim in shard.entries.keys.prefix(max(1, capacity / 8)) { shard.entries[victim] = nil }
                }
            }
            shard.entries[key] = Stored(entry: entry, expires: now + timeToLive)
        }
    }

    /// Forgets `slugs` on `host`.
    func remove(host: String, slugs: [String]) {
        for slug in slugs {
            let key = Self.key(host: host, slug: slug)
            shard(for: key).withLockedValue { shard in
                shard.entries[key] = nil
                shard.generation &+= 1
            }
        }
    }

    /// Raises the cached click count of `link` to `clickCount`, one the database answered,
    /// so that a used-up link is answered from memory. Only ever raised: every count the
    /// database gives is a lower bound of the count it has, which only grows, whatever order
    /// racing requests and look-ups arrive in.
    func raiseClickCount(to clickCount: Int, of id: LinkID, host: String, slug: String) {
        let key = Self.key(host: host, slug: slug)
        shard(for: key).withLockedValue { shard in
            guard let found = shard.entries[key], case .link(var cached) = found.entry, cached.id == id,
                  cached.clickCount < clickCount else { return }
            cached.clickCount = clickCount
            shard.entries[key] = Stored(entry: .link(cached), expires: found.expires)
        }
    }

    /// How many entries are held.
    var count: Int { shards.reduce(0) { $0 + $1.withLockedValue { $0.entries.count } } }

    private func shard(for key: String) -> NIOLockedValueBox<Shard> {
        shards[Int(UInt(bitPattern: key.hashValue) % UInt(shards.count))]
    }

    private static func key(host: String, slug: String) -> String {
        host + "/" + slug
    }

    /// Forgets every entry (changes may have been missed: see `LinkChange.anyLink`); returns
    /// how many there were.
    @discardableResult
    func removeAll() -> Int {
        shards.reduce(0) { removed, shard in
            removed + shard.withLockedValue { shard in
                defer {
                    shard.entries.removeAll()
                    shard.generation &+= 1
                }
                return shard.entries.count
            }
        }
    }
}
