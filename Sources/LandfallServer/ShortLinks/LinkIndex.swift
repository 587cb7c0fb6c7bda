/// One shard's index in ``LinkTable``: from a key's hash to the offset of the key's record in
/// the shard's arena, in 8 bytes a slot — the hash's low 32 bits, which place it, and the
/// offset plus one (0: an empty slot) — where a dictionary from the whole hash took 12 bytes a
/// slot with twice the slots it needed (it rounds to a power of two at most three-quarters
/// full): 25 MB of a million links' table, against about 10 MB here.
///
/// Open addressing with linear probing, at most ``maximumLoad`` full; a removal moves the
/// entries after it back (no tombstones). Keys whose low 32 bits are alike are told apart by
/// their records: every look-up takes `isKey`, which reads the record at an offset and says
/// whether it is the key's.
struct LinkIndex {
    private var slots: [UInt64] = []
    /// How many keys it holds.
    private(set) var count = 0

    /// The most it is filled before it grows.
    static let maximumLoad = 0.8

    /// The bytes its slots take.
    var bytes: Int { slots.capacity * 8 }

    /// The offset of the key's record, or nil.
    func offset(hash: UInt64, isKey: (UInt32) -> Bool) -> UInt32? {
        position(hash: hash, isKey: isKey).found.map { Self.offset(slots[$0]) }
    }

    /// Points the key at the record at `offset`; returns the offset it pointed at before, if any.
    @discardableResult
    mutating func set(_ offset: UInt32, hash: UInt64, isKey: (UInt32) -> Bool) -> UInt32? {
        precondition(offset < UInt32.max, "an offset past the index's range")
        let tag = Self.tag(hash)
        var place = position(hash: hash, isKey: isKey)
        if let found = place.found {
            let previous = Self.offset(slots[found])
            slots[found] = Self.slot(tag: tag, offset: offset)
            return previous
        }
        if Double(count + 1) > Double(slots.count) * Self.maximumLoad {
            resize(toHold: max(count + 1, count * 2))
            place = position(hash: hash, isKey: { _ in false })
        }
        slots[place.empty] = Self.slot(tag: tag, offset: offset)
        count += 1
        return nil
    }

    /// Takes the key out; returns the offset it pointed at, if any.
    @discardableResult
    mutating func remove(hash: UInt64, isKey: (UInt32) -> Bool) -> UInt32? {
        guard let found = position(hash: hash, isKey: isKey).found else { return nil }
        let removed = Self.offset(slots[found])
        // Moves back each entry of the run after it that may sit nearer its home slot.
        var hole = found
        var next = found
        while true {
            next = next + 1 == slots.count ? 0 : next + 1
            let slot = slots[next]
            if slot == 0 { break }
            let home = self.home(Self.tag(slot: slot))
            let staysAhead = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
            if !staysAhead {
                slots[hole] = slot
                hole = next
            }
        }
        slots[hole] = 0
        count -= 1
        return removed
    }

    /// Makes room for `count` keys without growing.
    mutating func reserve(_ count: Int) {
        if Double(count) > Double(slots.count) * Self.maximumLoad { resize(toHold: count) }
    }

    /// Shrinks the slots to what its keys need.
    mutating func trim() {
        let needed = Self.slotCount(toHold: count)
        if needed < slots.count || slots.capacity > slots.count { resize(toHold: count) }
    }

    /// Replaces every offset with `transform`'s (the keys stay where they are).
    mutating func updateOffsets(_ transform: (UInt32) -> UInt32) {
        for index in slots.indices where slots[index] != 0 {
            slots[index] = Self.slot(tag: Self.tag(slot: slots[index]), offset: transform(Self.offset(slots[index])))
        }
    }

    // MARK: - Slots

    /// Where the key is (`found`), or the empty slot that ends its run (`empty`).
    private func position(hash: UInt64, isKey: (UInt32) -> Bool) -> (found: Int?, empty: Int) {
        guard !slots.isEmpty else { return (nil, 0) }
        let tag = Self.tag(hash)
        var index = home(tag)
        while true {
            let slot = slots[index]
            if slot == 0 { return (nil, index) }
            if Self.tag(slot: slot) == tag, isKey(Self.offset(slot)) { return (index, index) }
            index = index + 1 == slots.count ? 0 : index + 1
        }
    }

    /// The slot a tag starts from: the tag scaled to the slots (no division, no power of two).
    private func home(_ tag: UInt32) -> Int {
        Int(truncatingIfNeeded: (UInt64(tag) &* UInt64(slots.count)) >> 32)
    }

    private mutating func resize(toHold count: Int) {
        let old = slots
        slots = [UInt64](repeating: 0, count: Self.slotCount(toHold: count))
        for slot in old where slot != 0 {
            var index = home(Self.tag(slot: slot))
            while slots[index] != 0 { index = index + 1 == slots.count ? 0 : index + 1 }
            slots[index] = slot
        }
    }

    private static func slotCount(toHold count: Int) -> Int {
        max(8, Int((Double(count) / maximumLoad).rounded(.up)) + 1)
    }

    private static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash) }
    private static func tag(slot: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: slot >> 32) }
    private static func offset(_ slot: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: slot) &- 1 }
    private static func slot(tag: UInt32, offset: UInt32) -> UInt64 { UInt64(tag) << 32 | UInt64(offset + 1) }
}
