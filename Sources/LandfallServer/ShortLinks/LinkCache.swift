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

    private let shards: [NIOLockedValueBox<[String: Stored]>]
    private let capacityPerShard: Int
    let timeToLive: Duration
    /// How long past ``timeToLive`` an entry still answers while the database cannot be asked
    /// (`.zero`: not at all).
    let staleIfError: Duration

    init(capacity: Int, timeToLive: Duration = .seconds(10), staleIfError: Duration = .zero, shardCount: Int = 16) {
        self.shards = (0..<shardCount).map { _ in NIOLockedValueBox([:]) }
        self.capacityPerShard = max(1, capacity / shardCount)
        self.timeToLive = timeToLive
        self.staleIfError = staleIfError
    }

    /// The cached answer for `slug` on `host`, if it has not expired.
    func entry(host: String, slug: String, now: ContinuousClock.Instant = .now) -> Entry? {
        let key = Self.key(host: host, slug: slug)
        let found: Stored? = shard(for: key).withLockedValue { stored in
            guard let found = stored[key] else { return nil }
            guard found.expires > now else {
                if found.expires + staleIfError <= now { stored[key] = nil }
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
        return shard(for: key).withLockedValue { stored in
            guard let found = stored[key], found.expires + stale > now else { return nil }
            return found.entry
        }
    }

    /// Remembers `entry` for `slug` on `host`.
    func store(_ entry: Entry, host: String, slug: String, now: ContinuousClock.Instant = .now) {
        let key = Self.key(host: host, slug: slug)
        let capacity = capacityPerShard
        shard(for: key).withLockedValue { stored in
            if stored.count >= capacity, stored[key] == nil {
                let stale = staleIfError
                stored = stored.filter { $0.value.expires + stale > now }
                if stored.count >= capacity {
                    for victim in stored.keys.prefix(max(1, capacity / 8)) { stored[victim] = nil }
                }
            }
            stored[key] = Stored(entry: entry, expires: now + timeToLive)
        }
    }

    /// Forgets `slugs` on `host`.
    func remove(host: String, slugs: [String]) {
        for slug in slugs {
            let key = Self.key(host: host, slug: slug)
            _ = shard(for: key).withLockedValue { $0.removeValue(forKey: key) }
        }
    }

    /// Raises the cached click count of `link` to `clickCount`, one the database answered,
    /// so that a used-up link is answered from memory. Only ever raised: every count the
    /// database gives is a lower bound of the count it has, which only grows, whatever order
    /// racing requests and look-ups arrive in.
    func raiseClickCount(to clickCount: Int, of id: LinkID, host: String, slug: String) {
        let key = Self.key(host: host, slug: slug)
        shard(for: key).withLockedValue { stored in
            guard let found = stored[key], case .link(var cached) = found.entry, cached.id == id,
                  cached.clickCount < clickCount else { return }
            cached.clickCount = clickCount
            stored[key] = Stored(entry: .link(cached), expires: found.expires)
        }
    }

    /// How many entries are held.
    var count: Int { shards.reduce(0) { $0 + $1.withLockedValue { $0.count } } }

    private func shard(for key: String) -> NIOLockedValueBox<[String: Stored]> {
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
            removed + shard.withLockedValue { stored in
                defer { stored.removeAll() }
                return stored.count
            }
        }
    }
}
