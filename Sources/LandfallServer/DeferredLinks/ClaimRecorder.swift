import LandfallLinks
import LandfallStorage
import NIOConcurrencyHelpers

/// Keeps the pending claims of landing pages in memory and writes them in batches, off the
/// request path, like ``ClickRecorder``: showing a landing page costs an append under a lock.
///
/// A claim request first flushes this instance's buffer, so a page shown and claimed through
/// one instance always finds its claim; through another it is found after the next flush
/// (every second), long before an install has finished.
final class ClaimRecorder: Sendable {
    /// Claims waiting beyond this are dropped (and counted): a flood of landing-page views
    /// while the database is down must not exhaust memory.
    static let capacity = 100_000

    private let pending = NIOLockedValueBox<[PendingClaim]>([])
    private let dropped = NIOLockedValueBox(0)
    private let exclusive = AsyncMutex()
    private let storage: Storage

    init(storage: Storage) {
        self.storage = storage
    }

    /// Buffers `claim` for the next flush.
    func record(_ claim: PendingClaim) {
        let kept = pending.withLockedValue { pending in
            guard pending.count < Self.capacity else { return false }
            pending.append(claim)
            return true
        }
        if !kept { dropped.withLockedValue { $0 += 1 } }
    }

    /// How many claims are buffered.
    var bufferedClaims: Int { pending.withLockedValue { $0.count } }

    /// How many claims were dropped because the buffer was full.
    var droppedClaims: Int { dropped.withLockedValue { $0 } }

    /// Writes the buffered claims; on failure puts them back and throws.
    func flush() async throws {
        try await exclusive.withLock {
            let batch = pending.withLockedValue { pending in
                defer { pending = [] }
                return pending
            }
            guard !batch.isEmpty else { return }
            do {
                try await storage.insert(batch)
            } catch {
                pending.withLockedValue { pending in
                    pending = Array((batch + pending).prefix(Self.capacity))
                }
                throw error
            }
        }
    }
}
