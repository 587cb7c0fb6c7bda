import LandfallLinks
import NIOConcurrencyHelpers

/// Every short link in the database, packed in this process's memory
/// (``ShortLink/pack(into:origins:)``, about 70 bytes a link with its index: 71 MB for a million
/// links to one site's pages), so that a visit of any link is answered without
/// asking the database. (A slug it has no link for is still asked of the cache and the
/// database, by ``LinkLookup``: another process may have just created it.)
///
/// A cache of the links asked lately (``LinkCache``) misses on nearly every visit when visits
/// spread over a million links, and each miss is a database read: with the read the redirect
/// ran at about a third of a bare handler's rate, without it at about 70 %
/// (Benchmarks/ShortLinkRedirect/RESULTS.md). The table holds every link instead, kept in step
/// by ``LinkChangeListener``.
///
/// It answers ``Answer/unknown`` (ask the cache, then the database) for:
/// - everything until it is loaded (``beginLoading()`` … ``finishLoading(_:)``) and after it
///   gave up (``giveUp()``, over its memory budget);
/// - a link that changed and has not been read again yet (``markUnknown(host:slugs:)``, then
///   ``settle(_:host:slug:)``);
/// - links with a click limit (their clicks are taken in the database, which has the last word);
/// - a key that cannot have a record (past a shard's 4 GB of records; slugs are at most 32
///   bytes, a record's at most 255).
///
/// Links live in 64 shards, each an index (``LinkIndex``) from the key's hash to the offset of
/// its record in one byte array, behind its own lock: a look-up holds one shard's lock while it
/// unpacks. Keys whose hashes collide are told apart by their records, which hold the key.
final class LinkTable: Sendable {
    /// What the table knows of a host and slug.
    enum Answer: Sendable, Equatable {
        /// The link.
        case link(ShortLink)
        /// No link has that host and slug.
        case missing
        /// Ask the cache and the database.
        case unknown
    }

    /// A load under way (``beginLoading()``): its inserts are ignored once another began.
    struct Load: Sendable, Equatable {
        fileprivate let generation: UInt64
    }

    private struct Shard {
        /// Each key's hash, and its record's offset in ``arena``.
        var index = LinkIndex()
        /// The hashes of keys that cannot have a record (``LinkTable/maximumArena``): ask the
        /// database about them.
        var unrecordable: Set<UInt64> = []
        /// Records: the host's number (2 bytes), the slug's length (1 byte) and bytes, the packed
        /// link's length (LEB128) and bytes; a length of 0 for a key to ask the database about.
        var arena: [UInt8] = []
        /// The origins of the targets packed in ``arena``.
        var origins = PackedOrigins(limit: LinkTable.originsPerShard)
        /// Bytes of ``arena`` no offset points at any more (changed and removed links).
        var garbage = 0
        /// The load this shard belongs to.
        var generation: UInt64 = 0
        /// Whether a load is under way: changes note the keys they touch in ``touched``.
        var isLoading = false
        /// Keys a change touched while a load ran: the load's (maybe older) rows leave them alone.
        var touched: Set<UInt64> = []
        /// The link last unpacked from ``arena``, by its record's offset, so that a hot link is
        /// unpacked once rather than at every click. A change appends a new record rather than
        /// rewriting one, so an offset names the same record until ``LinkTable/compact(_:)``
        /// moves them (and forgets this) or the shard is emptied.
        var lastUnpacked: (offset: UInt32, link: ShortLink)?

        var bytes: Int { arena.capacity + index.bytes + (touched.capacity + unrecordable.capacity) * 8 + origins.bytes }
    }

    private struct Header {
        var hostNumbers: [String: UInt16] = [:]
        var isComplete = false
        var generation: UInt64 = 0
        var gaveUp = false
    }

    /// How keys are hashed: ``standard``, or every key alike (tests of colliding keys).
    enum Hashing: Sendable {
        case standard
        case allAlike
    }

    static let shardCount = 64
    /// The most target origins a shard numbers (a site's links lead to a few; past that, targets
    /// are packed whole).
    static let originsPerShard = 1024
    /// The most bytes of records a shard holds (its offsets are 32-bit).
    private static let maximumArena = Int(UInt32.max) - 1
    private let shards: [NIOLockedValueBox<Shard>]
    private let header = NIOLockedValueBox(Header())
    private let hashing: Hashing
    /// How many bytes the table may take; past that it gives up (``giveUp()``).
    let budget: Int

    init(budget: Int, hashing: Hashing = .standard) {
        self.budget = budget
        self.hashing = hashing
        self.shards = (0..<Self.shardCount).map { _ in NIOLockedValueBox(Shard()) }
    }

    // MARK: - Looking up

    /// What the table knows of `slug` on `host` (lowercased).
    func lookUp(host: String, slug: String) -> Answer {
        let (number, isComplete) = header.withLockedValue { ($0.hostNumbers[host], $0.isComplete) }
        guard isComplete else { return .unknown }
        guard let number else { return .missing }
        let hash = self.hash(host: number, slug: slug)
        return shards[Self.shardIndex(hash)].withLockedValue { shard -> Answer in
            let found = shard.arena.withUnsafeBytes { arena in
                shard.index.offset(hash: hash) { RecordReader(arena: arena, offset: Int($0)).isKey(host: number, slug: slug) }
            }
            guard let offset = found else { return shard.unrecordable.contains(hash) ? .unknown : .missing }
            if let last = shard.lastUnpacked, last.offset == offset { return .link(last.link) }
            let unpacked = shard.arena.withUnsafeBytes { arena -> ShortLink? in
                let packed = RecordReader(arena: arena, offset: Int(offset)).packed
                guard !packed.isEmpty else { return nil }
                return try? ShortLink(unpacking: packed, host: host, slug: slug, origins: shard.origins)
            }
            guard let link = unpacked else { return .unknown }
            shard.lastUnpacked = (offset, link)
            return .link(link)
        }
    }

    /// Whether the table answers look-ups (loaded and not given up).
    var isComplete: Bool { header.withLockedValue { $0.isComplete } }

    /// How many keys the table holds (links, and keys marked unknown).
    var count: Int { shards.reduce(0) { $0 + $1.withLockedValue { $0.index.count + $0.unrecordable.count } } }

    /// The bytes its arrays and dictionaries have reserved.
    var bytes: Int { shards.reduce(0) { $0 + $1.withLockedValue { $0.bytes } } }

    // MARK: - Loading

    /// Empties the table and starts a load: until ``finishLoading(_:)`` every look-up answers
    /// ``Answer/unknown``.
    func beginLoading() -> Load {
        Load(generation: empty(givingUp: false))
    }

    /// Makes room in each shard for its share of `links` links of about 70 bytes (the first
    /// batch's size is not known yet; ``finishLoading(_:)`` trims what is left over).
    func reserve(links: Int, loading load: Load) {
        let perShard = links / Self.shardCount + links / Self.shardCount / 16 + 16
        for shard in shards {
            shard.withLockedValue { shard in
                guard shard.generation == load.generation else { return }
                shard.index.reserve(perShard)
                shard.arena.reserveCapacity(perShard * 64)
            }
        }
    }

    /// Adds links a load read, leaving alone any key a change touched since the load began.
    /// Ignored once another load began or the table gave up.
    func insert(_ links: some Sequence<ShortLink>, loading load: Load) {
        for link in links {
            guard let number = hostNumber(link.host, load: load) else { return }
            let hash = self.hash(host: number, slug: link.slug)
            shards[Self.shardIndex(hash)].withLockedValue { shard in
                guard shard.generation == load.generation, !shard.touched.contains(hash) else { return }
                Self.store(link, host: number, hash: hash, in: &shard)
            }
        }
    }

    /// Ends `load`: from now on the table answers look-ups (unless another load began or it gave up).
    func finishLoading(_ load: Load) {
        let finished = header.withLockedValue { header in
            guard header.generation == load.generation, !header.gaveUp else { return false }
            header.isComplete = true
            return true
        }
        guard finished else { return }
        for shard in shards {
            shard.withLockedValue { shard in
                shard.isLoading = false
                shard.touched = []
                // Also gives the arena and the index the capacity they need, no more.
                Self.compact(&shard)
            }
        }
    }

    /// Empties the table for good (until the next ``beginLoading()``): every look-up answers
    /// ``Answer/unknown``. For a table over its budget.
    func giveUp() {
        empty(givingUp: true)
    }

    /// Empties every shard into a new generation, loading unless `givingUp`; returns the generation.
    @discardableResult
    private func empty(givingUp: Bool) -> UInt64 {
        let generation = header.withLockedValue { header in
            header.generation &+= 1
            header.isComplete = false
            header.gaveUp = givingUp
            return header.generation
        }
        for shard in shards {
            shard.withLockedValue { $0 = Shard(generation: generation, isLoading: !givingUp) }
        }
        return generation
    }

    /// Whether the table gave up (``giveUp()``).
    var gaveUp: Bool { header.withLockedValue { $0.gaveUp } }

    // MARK: - Changes

    /// Marks `slugs` on `host` as changed: look-ups answer ``Answer/unknown`` until
    /// ``settle(_:host:slug:)`` stores what the database now has.
    func markUnknown(host: String, slugs: [String]) {
        guard let number = hostNumber(host, load: nil) else { return }
        for slug in slugs {
            let hash = self.hash(host: number, slug: slug)
            shards[Self.shardIndex(hash)].withLockedValue { shard in
                if shard.isLoading { shard.touched.insert(hash) }
                Self.store(nil, host: number, slug: slug, hash: hash, in: &shard)
            }
        }
    }

    /// Stores what the database has for `slug` on `host` after a change: `link`, or no link.
    /// A key another slug's hash already holds becomes ``Answer/unknown`` for both.
    func settle(_ link: ShortLink?, host: String, slug: String) {
        guard let number = hostNumber(host, load: nil) else { return }
        let hash = self.hash(host: number, slug: slug)
        shards[Self.shardIndex(hash)].withLockedValue { shard in
            if shard.isLoading { shard.touched.insert(hash) }
            if let link {
                Self.store(link, host: number, hash: hash, in: &shard)
            } else {
                Self.remove(host: number, slug: slug, hash: hash, in: &shard)
            }
            if shard.garbage > 4096, shard.garbage > shard.arena.count / 2 { Self.compact(&shard) }
        }
    }

    // MARK: - Shards

    /// The number of `host`, given one if it has none (unless `load` is no longer the table's).
    private func hostNumber(_ host: String, load: Load?) -> UInt16? {
        header.withLockedValue { header in
            if let load, load.generation != header.generation { return nil }
            if header.gaveUp { return nil }
            if let number = header.hostNumbers[host] { return number }
            guard header.hostNumbers.count < Int(UInt16.max) else { return nil }
            let number = UInt16(header.hostNumbers.count)
            header.hostNumbers[host] = number
            return number
        }
    }

    /// Stores `link`, packed; a limited link as a key to ask the database about.
    private static func store(_ link: ShortLink, host number: UInt16, hash: UInt64, in shard: inout Shard) {
        var packed: [UInt8] = []
        if link.maxClicks == nil { link.pack(into: &packed, origins: &shard.origins) }
        store(packed, host: number, slug: link.slug, hash: hash, in: &shard)
    }

    /// Stores a record of `packed` for the key (an empty one: ask the database), in place of
    /// the key's record if it had one.
    private static func store(_ packed: [UInt8]?, host number: UInt16, slug: String, hash: UInt64, in shard: inout Shard) {
        let slugBytes = slug.utf8
        let packed = packed ?? []
        guard slugBytes.count <= 255, shard.arena.count + 16 + slugBytes.count + packed.count < maximumArena else {
            remove(host: number, slug: slug, hash: hash, in: &shard)
            shard.unrecordable.insert(hash)
            return
        }
        let offset = UInt32(shard.arena.count)
        shard.arena.append(UInt8(truncatingIfNeeded: number))
        shard.arena.append(UInt8(truncatingIfNeeded: number >> 8))
        shard.arena.append(UInt8(slugBytes.count))
        shard.arena.append(contentsOf: slugBytes)
        appendNumber(packed.count, to: &shard.arena)
        shard.arena.append(contentsOf: packed)
        let previous = shard.arena.withUnsafeBytes { arena in
            shard.index.set(offset, hash: hash) { RecordReader(arena: arena, offset: Int($0)).isKey(host: number, slug: slug) }
        }
        if let previous { shard.garbage += recordLength(in: shard.arena, at: previous) }
    }

    private static func remove(host number: UInt16, slug: String, hash: UInt64, in shard: inout Shard) {
        let removed = shard.arena.withUnsafeBytes { arena in
            shard.index.remove(hash: hash) { RecordReader(arena: arena, offset: Int($0)).isKey(host: number, slug: slug) }
        }
        if let removed { shard.garbage += recordLength(in: shard.arena, at: removed) }
    }

    /// Copies the records offsets point at into a new arena of the size they need, and gives
    /// the index the slots its keys need.
    private static func compact(_ shard: inout Shard) {
        var arena: [UInt8] = []
        arena.reserveCapacity(shard.arena.count - shard.garbage)
        let old = shard.arena
        shard.index.updateOffsets { offset in
            let length = recordLength(in: old, at: offset)
            let moved = UInt32(arena.count)
            arena.append(contentsOf: old[Int(offset)..<(Int(offset) + length)])
            return moved
        }
        shard.index.trim()
        shard.arena = arena
        shard.garbage = 0
        shard.lastUnpacked = nil
    }

    private static func recordLength(in arena: [UInt8], at offset: UInt32) -> Int {
        arena.withUnsafeBytes { RecordReader(arena: $0, offset: Int(offset)).end - Int(offset) }
    }

    private static func appendNumber(_ number: Int, to bytes: inout [UInt8]) {
        var rest = UInt(number)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private func hash(host: UInt16, slug: String) -> UInt64 {
        guard case .standard = hashing else { return 42 }
        var hasher = Hasher()
        hasher.combine(host)
        hasher.combine(slug)
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }

    private static func shardIndex(_ hash: UInt64) -> Int {
        Int(hash >> 58)
    }
}

/// Reads one record of a shard's arena.
private struct RecordReader {
    let arena: UnsafeRawBufferPointer
    let offset: Int

    init(arena: UnsafeRawBufferPointer, offset: Int) {
        self.arena = arena
        self.offset = offset
    }

    private var host: UInt16 { UInt16(arena[offset]) | UInt16(arena[offset + 1]) << 8 }

    private var slugLength: Int { Int(arena[offset + 2]) }

    /// Whether the record is the key's: the same host number and slug.
    func isKey(host number: UInt16, slug: String) -> Bool {
        guard host == number else { return false }
        let start = offset + 3
        var slug = slug
        return slug.withUTF8 { wanted in
            wanted.count == slugLength && UnsafeRawBufferPointer(rebasing: arena[start..<(start + wanted.count)]).elementsEqual(wanted)
        }
    }

    /// Where the packed link's length starts.
    private var packedLengthStart: Int { offset + 3 + slugLength }

    private var packedBounds: Range<Int> {
        var position = packedLengthStart
        var length = 0
        var shift = 0
        while true {
            let byte = arena[position]
            position += 1
            length |= Int(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
        }
        return position..<(position + length)
    }

    var packed: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: arena[packedBounds]) }

    var end: Int { packedBounds.upperBound }
}
