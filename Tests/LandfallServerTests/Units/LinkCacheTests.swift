import Foundation
import LandfallLinks
import Testing
@testable import LandfallServer

/// ``LinkCache``: answers by host and slug, "no such link" included, for at most the time to
/// live, bounded in size; the time of each call is given (`now:`).
@Suite struct LinkCacheTests {
    static let host = "go.daily.example.com"

    static func link(_ slug: String, host: String = host, clicks: Int = 0) -> ShortLink {
        ShortLink(id: LinkID(UUID().uuidString)!, host: host, slug: slug, target: "https://daily.example.com/puzzle/2026-11-20",
                  createdAt: Demo.noon, clickCount: clicks)
    }

    /// The link of a cached entry, `nil` for a miss or a "missing" entry.
    static func cachedLink(_ entry: LinkCache.Entry?) -> ShortLink? {
        if case .link(let link) = entry { return link }
        return nil
    }

    static func isMissing(_ entry: LinkCache.Entry?) -> Bool {
        if case .missing = entry { return true }
        return false
    }

    /// A look-up takes a ticket, asks the database, then stores the answer with the ticket: a
    /// change notified in between (the link disabled on another instance) must win, or the
    /// answer read before the change would be served until the time to live ends.
    @Test("an answer read before a removal is not stored after it; one read after it is", arguments: [
        (removal: "the same slug", removesFirst: true),
        (removal: "every entry (the listener reconnected)", removesFirst: true),
        (removal: "none", removesFirst: false),
    ])
    func aRemovalDuringALookUpWins(removal: String, removesFirst: Bool) {
        let cache = LinkCache(capacity: 100)
        let stale = Self.link("friday")
        let ticket = cache.ticket(host: Self.host, slug: "friday")
        switch removal {
        case "the same slug": cache.remove(host: Self.host, slugs: ["friday"])
        case "none": break
        default: cache.removeAll()
        }
        cache.store(.link(stale), host: Self.host, slug: "friday", ifUnchangedSince: ticket)
        #expect((Self.cachedLink(cache.entry(host: Self.host, slug: "friday")) == nil) == removesFirst)
        let fresh = Self.link("friday")
        cache.store(.link(fresh), host: Self.host, slug: "friday", ifUnchangedSince: cache.ticket(host: Self.host, slug: "friday"))
        #expect(Self.cachedLink(cache.entry(host: Self.host, slug: "friday"))?.id == fresh.id)
    }

    /// The same through ``LinkCache/lookUp(host:slug:now:)``, what ``LinkLookup`` uses: the
    /// miss carries the ticket.
    @Test("lookUp's ticket stores the answer of a miss, unless a removal came first", arguments: [
        (removal: "the same slug", removesFirst: true),
        (removal: "every entry (the listener reconnected)", removesFirst: true),
        (removal: "another slug of another shard or the same", removesFirst: true),
        (removal: "none", removesFirst: false),
    ])
    func lookUpTicketStoresUnlessRemoved(removal: String, removesFirst: Bool) throws {
        let cache = LinkCache(capacity: 100, shardCount: 1)
        guard case .miss(let ticket) = cache.lookUp(host: Self.host, slug: "friday") else {
            Issue.record("an empty cache answered an entry")
            return
        }
        switch removal {
        case "the same slug": cache.remove(host: Self.host, slugs: ["friday"])
        case "none": break
        case "every entry (the listener reconnected)": cache.removeAll()
        default: cache.remove(host: Self.host, slugs: ["saturday"])
        }
        let answer = Self.link("friday")
        cache.store(.link(answer), with: ticket)
        switch cache.lookUp(host: Self.host, slug: "friday") {
        case .entry(let entry):
            #expect(!removesFirst)
            #expect(Self.cachedLink(entry)?.id == answer.id)
        case .miss:
            #expect(removesFirst)
        }
    }

    @Test("lookUp answers a live entry, and a miss once it expired")
    func lookUpFollowsTheTimeToLive() {
        let cache = LinkCache(capacity: 100, timeToLive: .seconds(10))
        let start = ContinuousClock.now
        let link = Self.link("friday")
        cache.store(.link(link), host: Self.host, slug: "friday", now: start)
        guard case .entry(let entry) = cache.lookUp(host: Self.host, slug: "friday", now: start + .seconds(9)) else {
            Issue.record("a live entry was a miss")
            return
        }
        #expect(Self.cachedLink(entry)?.id == link.id)
        guard case .miss = cache.lookUp(host: Self.host, slug: "friday", now: start + .seconds(10)) else {
            Issue.record("an expired entry was answered")
            return
        }
    }

    @Test("a slug never stored is a miss")
    func neverStoredIsAMiss() {
        let cache = LinkCache(capacity: 100)
        #expect(cache.entry(host: Self.host, slug: "friday") == nil)
        #expect(cache.count == 0)
    }

    @Test("a stored link is a hit with the same link, on its host only")
    func storedLinkIsAHit() {
        let cache = LinkCache(capacity: 100)
        let start = ContinuousClock.now
        let link = Self.link("friday")
        cache.store(.link(link), host: Self.host, slug: "friday", now: start)
        let found = Self.cachedLink(cache.entry(host: Self.host, slug: "friday", now: start))
        #expect(found == link)
        #expect(cache.entry(host: "go.other.example", slug: "friday", now: start) == nil)
        #expect(cache.entry(host: Self.host, slug: "Friday", now: start) == nil, "slugs are case sensitive")
        #expect(cache.count == 1)
    }

    @Test("\"no such link\" is remembered as a missing entry, not as a miss")
    func missingIsRemembered() {
        let cache = LinkCache(capacity: 100)
        let start = ContinuousClock.now
        cache.store(.missing, host: Self.host, slug: "nothing", now: start)
        let entry = cache.entry(host: Self.host, slug: "nothing", now: start)
        #expect(entry != nil)
        #expect(Self.isMissing(entry))
    }

    @Test("an entry lives exactly timeToLive", arguments: [
        (after: 0.0, alive: true),
        (after: 9.0, alive: true),
        (after: 9.999, alive: true),
        (after: 10.0, alive: false),
        (after: 3600.0, alive: false),
    ])
    func entriesExpire(after seconds: Double, alive: Bool) {
        let cache = LinkCache(capacity: 100, timeToLive: .seconds(10))
        let start = ContinuousClock.now
        cache.store(.link(Self.link("friday")), host: Self.host, slug: "friday", now: start)
        cache.store(.missing, host: Self.host, slug: "nothing", now: start)
        let later = start + .seconds(seconds)
        #expect((cache.entry(host: Self.host, slug: "friday", now: later) != nil) == alive)
        #expect((cache.entry(host: Self.host, slug: "nothing", now: later) != nil) == alive)
        #expect(cache.count == (alive ? 2 : 0), "an expired entry is dropped when read")
    }

    @Test("storing again replaces the entry and starts its time to live again")
    func storingAgainReplaces() {
        let cache = LinkCache(capacity: 100, timeToLive: .seconds(10))
        let start = ContinuousClock.now
        cache.store(.missing, host: Self.host, slug: "friday", now: start)
        let link = Self.link("friday")
        cache.store(.link(link), host: Self.host, slug: "friday", now: start + .seconds(8))
        #expect(Self.cachedLink(cache.entry(host: Self.host, slug: "friday", now: start + .seconds(15))) == link)
        #expect(cache.entry(host: Self.host, slug: "friday", now: start + .seconds(18)) == nil)
        #expect(cache.count == 0)
    }

    @Test("remove forgets the slugs named, on that host only")
    func removeForgetsSlugs() {
        let cache = LinkCache(capacity: 100)
        let start = ContinuousClock.now
        for slug in ["a", "b", "c"] {
            cache.store(.link(Self.link(slug)), host: Self.host, slug: slug, now: start)
        }
        cache.store(.missing, host: "go.other.example", slug: "a", now: start)
        cache.remove(host: Self.host, slugs: ["a", "c", "never-stored"])
        #expect(cache.entry(host: Self.host, slug: "a", now: start) == nil)
        #expect(cache.entry(host: Self.host, slug: "b", now: start) != nil)
        #expect(cache.entry(host: Self.host, slug: "c", now: start) == nil)
        #expect(Self.isMissing(cache.entry(host: "go.other.example", slug: "a", now: start)))
        #expect(cache.count == 2)
    }

    @Test("the cache never holds more than its capacity", arguments: [1, 8, 16, 100])
    func sizeIsBounded(capacity: Int) {
        let cache = LinkCache(capacity: capacity, shardCount: 1)
        let start = ContinuousClock.now
        for index in 0..<(capacity * 5 + 3) {
            cache.store(.missing, host: Self.host, slug: "slug-\(index)", now: start)
            #expect(cache.count <= capacity)
        }
        #expect(cache.entry(host: Self.host, slug: "slug-\(capacity * 5 + 2)", now: start) != nil, "the newest entry is kept")
    }

    @Test("a full cache drops an eighth of its entries to make room for a new one")
    func fullCacheDropsAnEighth() {
        let cache = LinkCache(capacity: 16, shardCount: 1)
        let start = ContinuousClock.now
        for index in 0..<16 {
            cache.store(.missing, host: Self.host, slug: "slug-\(index)", now: start)
        }
        #expect(cache.count == 16)
        cache.store(.missing, host: Self.host, slug: "one-more", now: start)
        #expect(cache.count == 15, "16 - 2 dropped + 1 stored")
        cache.store(.missing, host: Self.host, slug: "slug-\(0)", now: start)
        #expect(cache.count <= 16)
    }

    /// Dropping the entries at the start of the shard's hash table round after round packed the
    /// rest into long runs that every look-up walked (a million links' misses slowed the server
    /// down by half within twenty seconds): the dropped ones are picked at random.
    @Test("a full cache drops entries picked at random, not the first ones in its dictionary's order")
    func fullCacheDropsAtRandom() {
        let capacity = 800
        var firstInOrder: [Set<String>] = []
        var dropped: [Set<String>] = []
        for _ in 0..<3 {
            let cache = LinkCache(capacity: capacity, shardCount: 1)
            let start = ContinuousClock.now
            let slugs = (0..<capacity).map { "slug-\($0)" }
            for slug in slugs { cache.store(.missing, host: Self.host, slug: slug, now: start) }
            firstInOrder.append(Set(cache.keysInOrder.prefix(capacity / 8)))
            cache.store(.missing, host: Self.host, slug: "one-more", now: start)
            let kept = Set(cache.keysInOrder)
            dropped.append(Set(slugs.map { "\(Self.host)/\($0)" }).subtracting(kept))
            #expect(dropped.last?.count == capacity / 8, "exactly an eighth")
        }
        #expect(zip(firstInOrder, dropped).allSatisfy { $0 != $1 }, "not the start of the hash table")
        #expect(Set(dropped[0]) != Set(dropped[1]) || Set(dropped[1]) != Set(dropped[2]), "a different choice each time")
    }

    @Test("a full cache drops its expired entries first, and then keeps the live ones")
    func fullCacheDropsExpiredFirst() {
        let cache = LinkCache(capacity: 16, timeToLive: .seconds(10), shardCount: 1)
        let start = ContinuousClock.now
        for index in 0..<15 {
            cache.store(.missing, host: Self.host, slug: "old-\(index)", now: start)
        }
        cache.store(.missing, host: Self.host, slug: "recent", now: start + .seconds(5))
        cache.store(.missing, host: Self.host, slug: "new", now: start + .seconds(11))
        #expect(cache.count == 2)
        #expect(cache.entry(host: Self.host, slug: "recent", now: start + .seconds(11)) != nil)
        #expect(cache.entry(host: Self.host, slug: "new", now: start + .seconds(11)) != nil)
    }

    @Test("a click count the database answered raises the cached link's, never lowers it, and touches no other link")
    func clickCountsOnlyRise() {
        let cache = LinkCache(capacity: 100)
        let start = ContinuousClock.now
        let link = Self.link("friday", clicks: 3)
        cache.store(.link(link), host: Self.host, slug: "friday", now: start)
        cache.raiseClickCount(to: 7, of: link.id, host: Self.host, slug: "friday")
        #expect(Self.cachedLink(cache.entry(host: Self.host, slug: "friday", now: start))?.clickCount == 7)
        cache.raiseClickCount(to: 5, of: link.id, host: Self.host, slug: "friday")
        #expect(Self.cachedLink(cache.entry(host: Self.host, slug: "friday", now: start))?.clickCount == 7, "an answer that arrived late")
        cache.raiseClickCount(to: 100, of: Self.link("friday").id, host: Self.host, slug: "friday")
        #expect(Self.cachedLink(cache.entry(host: Self.host, slug: "friday", now: start))?.clickCount == 7, "another link's count")
        cache.store(.missing, host: Self.host, slug: "gone", now: start)
        cache.raiseClickCount(to: 1, of: link.id, host: Self.host, slug: "gone")
        #expect(Self.isMissing(cache.entry(host: Self.host, slug: "gone", now: start)))
    }
}
