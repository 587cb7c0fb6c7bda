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
final class CardStore: Sendable {
    /// The default memory budget: 64 MiB, about a thousand cards.
    static let defaultBudget = 64 << 20

    /// The folder of card files, nil when cards are kept in memory only.
    let directory: String?
    private let budget: Int
    private let logger: Logger
    private let state = NIOLockedValueBox(State())

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var drawing: [String: Task<ByteBuffer, any Error>] = [:]
        /// How many cards were drawn (for tests and the benchmark's notes).
        var drawn = 0
    }

    private struct Entry {
        let png: ByteBuffer
        var lastServed: UInt64
    }

    /// A store keeping files in `directory` (created when missing; memory only when it cannot be).
    init(directory: String?, budget: Int = CardStore.defaultBudget, logger: Logger) {
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
        self.logger = logger
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
        }
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
