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

        /// Drops the entries past their stale window, then, if the shard is still full, an
        /// eighth of its capacity picked at random (each entry as likely as any other).
        ///
        /// At random, not the first ones in the dictionary's order: those sit at the start of
        /// its hash table, and removing them round after round while new keys land anywhere
        /// packs the rest into long runs that every look-up then walks, comparing keys. With a
        /// million links' misses the cache's look-ups came to cost more than the database read
        /// (a fifth of the server's time in `memcmp` after twenty seconds).
        /// The victims are listed first and removed after: removing while iterating the
        /// dictionary copies all of it.
        mutating func makeRoom(capacity: Int, staleIfError: Duration, now: ContinuousClock.Instant) {
            var expired: [String] = []
            for (key, stored) in entries where stored.expires + staleIfError <= now { expired.append(key) }
            for key in expired { entries[key] = nil }
            guard entries.count >= capacity else { return }
            // Selection sampling (Knuth's algorithm S): exactly `needed` keys, uniformly.
            var needed = max(1, capacity / 8)
            var left = entries.count
            var random = SplitMix64(seed: UInt64.random(in: .min ... .max))
            var evicted: [String] = []
            evicted.reserveCapacity(needed)
            for key in entries.keys where needed > 0 {
                if random.next() % UInt64(left) < UInt64(needed) {
                    evicted.append(key)
                    needed -= 1
                }
                left -= 1
            }
            for key in evicted { entries[key] = nil }
        }
    }

    /// Where a look-up's shard was when it started: ``store(_:host:slug:ifUnchangedSince:now:)``
    /// stores nothing if an entry of the shard was removed since.
    struct Ticket: Sendable {
        fileprivate let generation: UInt64
        /// The entry's key and shard, when the ticket came from ``lookUp(host:slug:now:)``.
        fileprivate var place: (key: String, shard: Int)?
    }

    /// What ``lookUp(host:slug:now:)`` found.
    enum LookUp: Sendable {
        /// A cached answer that has not expired.
        case entry(Entry)
        /// None: ask the database, and store its answer with ``store(_:with:now:)``.
        case miss(Ticket)
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
        if case .entry(let entry) = lookUp(host: host, slug: slug, now: now) { return entry }
        return nil
    }

    /// The cached answer for `slug` on `host` if it has not expired, else a ticket to store the
    /// database's answer with: one key made and one lock taken for what a miss needs of both
    /// ``entry(host:slug:now:)`` and ``ticket(host:slug:)``.
    func lookUp(host: String, slug: String, now: ContinuousClock.Instant = .now) -> LookUp {
        let key = Self.key(host: host, slug: slug)
        let index = shardIndex(for: key)
        let stale = staleIfError
        // One reference copied under the lock; the link itself after (see ``Stored``).
        let (found, generation) = shards[index].withLockedValue { shard -> (Stored?, UInt64) in
            if let found = shard.entries[key] {
                if found.expires > now { return (found, shard.generation) }
                if found.expires + stale <= now { shard.entries[key] = nil }
            }
            return (nil, shard.generation)
        }
        if let found { return .entry(found.entry) }
        return .miss(Ticket(generation: generation, place: (key, index)))
    }

    /// Remembers `entry` for the link `ticket` (from ``lookUp(host:slug:now:)``) was taken for,
    /// unless an entry of its shard was removed since.
    func store(_ entry: Entry, with ticket: Ticket, now: ContinuousClock.Instant = .now) {
        guard let (key, index) = ticket.place else { return }
        store(entry, key: key, shard: shards[index], ifUnchangedSince: ticket, now: now)
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
        Ticket(generation: shard(for: Self.key(host: host, slug: slug)).withLockedValue { $0.generation }, place: nil)
    }

    /// Remembers `entry` for `slug` on `host`, unless an entry of its shard was removed since
    /// `ticket` was taken (a change notification arrived while the database was being asked:
    /// the answer may be older than the change).
    func store(_ entry: Entry, host: String, slug: String, ifUnchangedSince ticket: Ticket? = nil, now: ContinuousClock.Instant = .now) {
        let key = Self.key(host: host, slug: slug)
        store(entry, key: key, shard: shard(for: key), ifUnchangedSince: ticket, now: now)
    }

    private func store(_ entry: Entry, key: String, shard: NIOLockedValueBox<Shard>, ifUnchangedSince ticket: Ticket?,
                       now: ContinuousClock.Instant) {
        let capacity = capacityPerShard
        shard.withLockedValue { shard in
            if let ticket, ticket.generation != shard.generation { return }
            if shard.entries.count >= capacity, shard.entries[key] == nil {
                shard.makeRoom(capacity: capacity, staleIfError: staleIfError, now: now)
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

    /// The keys (`host/slug`) of every entry, shard by shard in each dictionary's order (tests).
    var keysInOrder: [String] { shards.flatMap { $0.withLockedValue { Array($0.entries.keys) } } }

    /// How many entries are held.
    var count: Int { shards.reduce(0) { $0 + $1.withLockedValue { $0.entries.count } } }

    private func shard(for key: String) -> NIOLockedValueBox<Shard> {
        shards[shardIndex(for: key)]
    }

    private func shardIndex(for key: String) -> Int {
        Int(UInt(bitPattern: key.hashValue) % UInt(shards.count))
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

/// A small, fast random number generator (SplitMix64), seeded once per eviction: the system's
/// generator asks the kernel for every number.
private struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
