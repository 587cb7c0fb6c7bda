import Foundation
import LandfallCards
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The cards drawn, by fingerprint: in memory up to a budget of bytes (the least recently
/// served go first), and as files in `<data directory>/cards/FINGERPRINT.png`, so that a
/// restart draws none of them again. A fingerprint names one picture for ever
/// (`CardAssets.fingerprint(of:renderer:)`), so nothing kept is ever stale.
///
/// A file is written whole or not at all (to a temporary name, then renamed); one that is not
/// a whole PNG when read (`PNGIntegrity`) is removed and drawn again, never served. Requests
/// for a card that is being drawn wait for that drawing: a card is drawn once however many
/// crawlers ask for it at once.
///
/// The files stay within a disk budget: every change of a page's content, a template or a
/// short link's data makes a new card, and the old one is never asked for again. Past the
/// budget, the files least recently written or read back are removed (not those of cards in
/// memory) until three-quarters of it is left; a card whose file was removed is drawn again if
/// it is ever asked for.
final class CardStore: Sendable {
    /// The default memory budget: 64 MiB, about four thousand cards of the demo's size.
    static let defaultBudget = 64 << 20
    /// The default disk budget: 512 MiB, about thirty thousand cards of the demo's size.
    static let defaultDiskBudget = 512 << 20

    /// The folder of card files, nil when cards are kept in memory only.
    let directory: String?
    private let budget: Int
    private let diskBudget: Int
    private let logger: Logger
    private let state = NIOLockedValueBox(State())

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var drawing: [String: Task<ByteBuffer, any Error>] = [:]
        /// The bytes of the card files, as last counted and written since.
        var diskBytes = 0
        /// Whether a drawing is pruning the files (another leaves it to that one).
        var pruning = false
        /// How many cards were drawn (for tests and the benchmark's notes).
        var drawn = 0
    }

    private struct Entry {
        let png: ByteBuffer
        var lastServed: UInt64
    }

    /// A store keeping files in `directory` (created when missing; memory only when it cannot
    /// be), within `diskBudget` bytes (pruned at once when the folder holds more).
    init(directory: String?, budget: Int = CardStore.defaultBudget, diskBudget: Int = CardStore.defaultDiskBudget, logger: Logger) {
        var usable = directory
        if let directory {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                logger.warning("cards are kept in memory only: cannot create their folder", metadata: ["folder": "\(directory)", "error": "\(error)"])
                usable = nil
            }
        }
        self.directory = usable
        self.budget = budget
        self.diskBudget = diskBudget
        self.logger = logger
        pruneFiles()
    }

    /// How many cards this store has drawn since it was made.
    var drawnCount: Int { state.withLockedValue { $0.drawn } }

    /// The card kept in memory, or nil.
    func inMemory(_ fingerprint: String) -> ByteBuffer? {
        state.withLockedValue { state in
            guard var entry = state.entries[fingerprint] else { return nil }
            state.clock += 1
            entry.lastServed = state.clock
            state.entries[fingerprint] = entry
            return entry.png
        }
    }

    /// The card kept in memory or on disk (a whole file is taken into memory; a broken one is
    /// removed), or nil.
    func kept(_ fingerprint: String) -> ByteBuffer? {
        if let png = inMemory(fingerprint) { return png }
        guard let path = file(fingerprint), let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        guard PNGIntegrity.isWhole(bytes) else {
            logger.warning("a kept card is not a whole PNG file; it is drawn again", metadata: ["file": "\(path)", "bytes": "\(bytes.count)"])
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        // Read back: recently used, as far as pruning goes.
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
        let png = ByteBuffer(bytes: bytes)
        remember(fingerprint, png)
        return png
    }

    /// ``kept(_:)``, with a file read on NIO's thread pool rather than on the request's thread.
    func keptReadingAside(_ fingerprint: String) async -> ByteBuffer? {
        if let png = inMemory(fingerprint) { return png }
        return try? await NIOThreadPool.singleton.runIfActive { self.kept(fingerprint) }
    }

    /// The card, drawn by `draw` unless it is kept, written to disk and kept in memory. Callers
    /// asking for the same card while it is drawn wait for the same drawing.
    func card(_ fingerprint: String, draw: @escaping @Sendable () throws -> [UInt8]) async throws -> ByteBuffer {
        let task: Task<ByteBuffer, any Error> = state.withLockedValue { state in
            if let running = state.drawing[fingerprint] { return running }
            // Reading a kept file, drawing (10–25 ms) and writing block a thread: NIO's thread
            // pool's, not one of Swift's few that every request shares.
            let task = Task<ByteBuffer, any Error> {
                try await NIOThreadPool.singleton.runIfActive {
                    if let png = self.kept(fingerprint) { return png }
                    let bytes = try draw()
                    self.state.withLockedValue { $0.drawn += 1 }
                    self.write(fingerprint, bytes)
                    let png = ByteBuffer(bytes: bytes)
                    self.remember(fingerprint, png)
                    return png
                }
            }
            state.drawing[fingerprint] = task
            return task
        }
        defer { _ = state.withLockedValue { $0.drawing.removeValue(forKey: fingerprint) } }
        return try await task.value
    }

    private func file(_ fingerprint: String) -> String? {
        directory.map { "\($0)/\(fingerprint).png" }
    }

    private func write(_ fingerprint: String, _ bytes: [UInt8]) {
        guard let path = file(fingerprint) else { return }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            logger.warning("a card could not be kept on disk; it stays in memory", metadata: ["file": "\(path)", "error": "\(error)"])
            return
        }
        let over = state.withLockedValue { state in
            state.diskBytes += bytes.count
            return state.diskBytes > diskBudget
        }
        if over { pruneFiles() }
    }

    /// Counts the card files and, past the disk budget, removes the least recently written or
    /// read (but those of cards in memory) until three-quarters of the budget is left.
    private func pruneFiles() {
        guard let directory, state.withLockedValue({ state in
            defer { state.pruning = true }
            return !state.pruning
        }) else { return }
        defer { state.withLockedValue { $0.pruning = false } }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        var files: [(name: String, bytes: Int, modified: Date)] = []
        for name in names where name.hasSuffix(".png") && PageCard.fingerprint(inPath: PageCard.pathPrefix + name) != nil {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: directory + "/" + name) else { continue }
            files.append((name, (attributes[.size] as? NSNumber)?.intValue ?? 0, attributes[.modificationDate] as? Date ?? .distantPast))
        }
        var total = files.reduce(0) { $0 + $1.bytes }
        if total > diskBudget {
            let inMemory = state.withLockedValue { Set($0.entries.keys) }
            var removed = 0
            for file in files.sorted(by: { $0.modified < $1.modified }) where total > diskBudget / 4 * 3 {
                guard !inMemory.contains(String(file.name.dropLast(4))) else { continue }
                do {
                    try FileManager.default.removeItem(atPath: directory + "/" + file.name)
                    total -= file.bytes
                    removed += 1
                } catch {
                    logger.warning("a card file past the disk budget could not be removed", metadata: ["file": "\(file.name)", "error": "\(error)"])
                }
            }
            logger.info("card files pruned to the disk budget", metadata: [
                "removed": "\(removed)", "bytes": "\(total)", "budget": "\(diskBudget)",
            ])
        }
        state.withLockedValue { $0.diskBytes = total }
    }

    private func remember(_ fingerprint: String, _ png: ByteBuffer) {
        state.withLockedValue { state in
            guard png.readableBytes <= budget else { return }
            state.clock += 1
            if let old = state.entries.updateValue(Entry(png: png, lastServed: state.clock), forKey: fingerprint) {
                state.bytes -= old.png.readableBytes
            }
            state.bytes += png.readableBytes
            while state.bytes > budget, let oldest = state.entries.min(by: { $0.value.lastServed < $1.value.lastServed }) {
                state.entries.removeValue(forKey: oldest.key)
                state.bytes -= oldest.value.png.readableBytes
            }
        }
    }
}
