import Foundation
import LandfallCards
@testable import LandfallServer
import Logging
import NIOCore
import Testing

/// The cards kept: in memory within a budget, and on disk across restarts, never a broken file.
@Suite struct CardStoreTests {
    static let logger = Logger(label: "card-store-tests")
    static let fingerprint = "0123456789abcdef0123456789abcdef"

    /// A whole PNG file of one pixel of grey `shade` (stored zlib data, CRC-32 and Adler-32
    /// worked out here, independently of the server's writer).
    static func png(_ shade: UInt8 = 1) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)] }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return crc ^ 0xFFFF_FFFF
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        let raw: [UInt8] = [0, shade, shade, shade]
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        let zlib: [UInt8] = [0x78, 0x01, 0x01, 4, 0, 0xFB, 0xFF] + raw + bigEndian(b << 16 | a)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian(1) + bigEndian(1) + [8, 2, 0, 0, 0])
            + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    static let whole = [png(1), png(200)]

    @Test("the test's PNG files are whole, and cut or damaged ones are not")
    func integrity() {
        for png in Self.whole { #expect(PNGIntegrity.isWhole(png)) }
        let png = Self.whole[0]
        #expect(!PNGIntegrity.isWhole(Array(png.prefix(png.count - 1))))
        #expect(!PNGIntegrity.isWhole(Array(png.prefix(40))))
        var damaged = png
        damaged[42] ^= 0xFF
        #expect(!PNGIntegrity.isWhole(damaged))
        #expect(!PNGIntegrity.isWhole(png + [0]))
        #expect(!PNGIntegrity.isWhole([]))
    }

    @Test("a card kept on disk is served after a restart without being drawn again")
    func keptAcrossRestarts() async throws {
        let folder = try TemporaryDirectory("landfall-cards")
        defer { folder.remove() }
        let first = CardStore(directory: folder.path, logger: Self.logger)
        let drawn = try await first.card(Self.fingerprint) { Self.png() }
        #expect(first.drawnCount == 1)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/\(Self.fingerprint).png"))

        let restarted = CardStore(directory: folder.path, logger: Self.logger)
        #expect(restarted.inMemory(Self.fingerprint) == nil)
        #expect(restarted.kept(Self.fingerprint) == drawn)
        let served = try await restarted.card(Self.fingerprint) {
            Issue.record("a kept card was drawn again")
            return Self.png(2)
        }
        #expect(served == drawn)
        #expect(restarted.drawnCount == 0)
    }

    @Test("a truncated card file is drawn again and replaced, never served", arguments: [1, 33, 60])
    func truncatedFilesAreDrawnAgain(keptBytes: Int) async throws {
        let folder = try TemporaryDirectory("landfall-cards")
        defer { folder.remove() }
        let file = folder.path + "/\(Self.fingerprint).png"
        try Data(Self.png().prefix(keptBytes)).write(to: URL(fileURLWithPath: file))

        let store = CardStore(directory: folder.path, logger: Self.logger)
        #expect(store.kept(Self.fingerprint) == nil)
        let served = try await store.card(Self.fingerprint) { Self.png() }
        #expect(Array(buffer: served) == Self.png())
        #expect(store.drawnCount == 1)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))) == Self.png())
    }

    @Test("cards beyond the memory budget are dropped from memory, the least recently served first, and stay on disk")
    func memoryBudget() async throws {
        let folder = try TemporaryDirectory("landfall-cards")
        defer { folder.remove() }
        let size = Self.png().count
        let store = CardStore(directory: folder.path, budget: size * 2, logger: Self.logger)
        let names = (0..<3).map { String(repeating: "\($0)", count: 32) }
        _ = try await store.card(names[0]) { Self.png() }
        _ = try await store.card(names[1]) { Self.png() }
        _ = store.inMemory(names[0])                       // served again: the newest
        _ = try await store.card(names[2]) { Self.png() }
        #expect(store.inMemory(names[0]) != nil)
        #expect(store.inMemory(names[1]) == nil)
        #expect(store.inMemory(names[2]) != nil)
        #expect(store.kept(names[1]) != nil, "still on disk")
    }

    @Test("card files past the disk budget are removed, the least recently written first, and drawn again when asked for")
    func diskBudget() async throws {
        let folder = try TemporaryDirectory("landfall-cards")
        defer { folder.remove() }
        let size = Self.png().count
        // Room for four files on disk, none in memory: every card asked for is read from disk or drawn.
        let store = CardStore(directory: folder.path, budget: 0, diskBudget: size * 4, logger: Self.logger)
        let names = (0..<6).map { String(repeating: "\($0 % 10)", count: 32) }
        for name in names.prefix(4) {
            _ = try await store.card(name) { Self.png() }
        }
        // The oldest file, read back, is recently used from now on.
        let file = { (name: String) in folder.path + "/\(name).png" }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: file(names[0]))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -1_800)], ofItemAtPath: file(names[1]))
        #expect(store.kept(names[0]) != nil)
        _ = try await store.card(names[4]) { Self.png() }   // five files: past the budget, pruned to three
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(left.count == 3, "\(left)")
        #expect(!left.contains("\(names[1]).png"), "the least recently written or read goes first")
        #expect(left.contains("\(names[0]).png"), "a file read back counts as used")
        #expect(left.contains("\(names[4]).png"))
        #expect(store.drawnCount == 5)
        _ = try await store.card(names[1]) { Self.png() }
        #expect(store.drawnCount == 6, "a removed card is drawn again")
    }

    @Test("a folder holding more than the disk budget is pruned when the store opens, sparing other files")
    func prunedAtOpening() throws {
        let folder = try TemporaryDirectory("landfall-cards")
        defer { folder.remove() }
        let size = Self.png().count
        for index in 0..<8 {
            let path = folder.path + "/" + String(repeating: "\(index)", count: 32) + ".png"
            try Data(Self.png()).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(index - 10) * 60)], ofItemAtPath: path)
        }
        try Data("notes".utf8).write(to: URL(fileURLWithPath: folder.path + "/README.txt"))
        _ = CardStore(directory: folder.path, diskBudget: size * 4, logger: Self.logger)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["55555555555555555555555555555555.png", "66666666666666666666666666666666.png",
                         "77777777777777777777777777777777.png", "README.txt"])
    }

    @Test("many callers asking for one card at once get one drawing")
    func oneDrawingForManyCallers() async throws {
        let store = CardStore(directory: nil, logger: Self.logger)
        let results = try await withThrowingTaskGroup(of: ByteBuffer.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    try await store.card(Self.fingerprint) {
                        Thread.sleep(forTimeInterval: 0.05)
                        return Self.png()
                    }
                }
            }
            return try await group.reduce(into: [ByteBuffer]()) { $0.append($1) }
        }
        #expect(results.count == 16)
        #expect(store.drawnCount == 1)
    }
}
