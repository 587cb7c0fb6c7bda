import SeededRandom
import Testing
@testable import LandfallServer

/// ``LinkIndex``, the open-addressing index of a ``LinkTable`` shard, against a dictionary
/// doing the same: keys set, replaced and removed in random order, with hashes that share
/// their low 32 bits (the part that places them) so that runs form, wrap around the end and
/// are cut by removals.
@Suite struct LinkIndexTests {
    /// A key: its hash (what the index sees) and the offset its record would be at. The index
    /// tells keys apart by asking whether the record at an offset is the key's.
    struct Key: Hashable {
        var hash: UInt64
        var number: Int
    }

    @Test("answers as a dictionary would, through 20,000 random sets, replacements and removals", arguments: [
        (seed: UInt64(1), tags: UInt64(1 << 32)), (2, 64), (3, 4), (4, 1),
    ])
    func behavesAsADictionary(seed: UInt64, tags: UInt64) {
        var random = SeededGenerator(seed: seed)
        var index = LinkIndex()
        var model: [Key: UInt32] = [:]
        /// The key each offset's record holds.
        var records: [UInt32: Key] = [:]
        let keys = (0..<600).map { number in
            // The low 32 bits (the tag) from a few values when `tags` is small; the rest random.
            Key(hash: random.next() & ~0xFFFF_FFFF | (random.next() % tags), number: number)
        }
        var nextOffset: UInt32 = 0
        for step in 0..<20_000 {
            let key = keys.randomElement(using: &random)!
            let isKey = { (offset: UInt32) in records[offset] == key }
            if random.next() % 3 == 0 {
                #expect(index.remove(hash: key.hash, isKey: isKey) == model.removeValue(forKey: key), "step \(step)")
            } else {
                let offset = nextOffset
                nextOffset += 1
                records[offset] = key
                #expect(index.set(offset, hash: key.hash, isKey: isKey) == model.updateValue(offset, forKey: key), "step \(step)")
            }
            if step % 97 == 0 {
                for probe in keys {
                    #expect(index.offset(hash: probe.hash, isKey: { records[$0] == probe }) == model[probe], "step \(step), key \(probe.number)")
                }
            }
            #expect(index.count == model.count)
        }
        index.trim()
        for probe in keys {
            #expect(index.offset(hash: probe.hash, isKey: { records[$0] == probe }) == model[probe], "after trimming, key \(probe.number)")
        }
    }

    @Test("moves offsets without moving keys, as compaction does")
    func updatesOffsets() {
        var index = LinkIndex()
        for number in 0..<1_000 {
            index.set(UInt32(number), hash: UInt64(number) &* 0x9E37_79B9_7F4A_7C15) { _ in false }
        }
        index.updateOffsets { $0 + 5_000 }
        for number in 0..<1_000 {
            #expect(index.offset(hash: UInt64(number) &* 0x9E37_79B9_7F4A_7C15) { $0 == UInt32(number) + 5_000 } == UInt32(number) + 5_000)
        }
    }

    @Test("takes 8 bytes a slot and is at most four-fifths full once trimmed")
    func bytesPerKey() {
        var index = LinkIndex()
        index.reserve(15_625)
        for number in 0..<15_625 {
            index.set(UInt32(number), hash: UInt64(number) &* 0x9E37_79B9_7F4A_7C15) { _ in false }
        }
        index.trim()
        #expect(index.bytes <= Int(Double(15_625) / LinkIndex.maximumLoad * 8) + 64, "\(index.bytes) bytes for 15,625 keys")
    }
}
