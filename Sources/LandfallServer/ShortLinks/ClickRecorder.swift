import Foundation
import LandfallLinks
import LandfallStorage
import NIOConcurrencyHelpers

/// Counts clicks in memory and writes them to the database in batches, off the request path.
///
/// A click costs one dictionary update under a lock; ``flush()`` swaps the buffer out and
/// stores it in one transaction. ``BufferFlushService`` flushes on an interval and once more at
/// graceful shutdown, after the HTTP server has finished its last request, so every answered
/// redirect is stored. A flush that fails keeps its counts for the next one.
final class ClickRecorder: Sendable {
    private struct Pending {
        var counts: [ClickKey: Int] = [:]
        /// People's clicks buffered per link, with where the link lives (for the cache).
        var people: [LinkID: (host: String, slug: String, clicks: Int)] = [:]
        /// People's clicks being written now: still counted against click limits until the
        /// cache holds the stored count.
        var writing: [LinkID: Int] = [:]
    }

    private let pending = NIOLockedValueBox(Pending())
    private let exclusive = AsyncMutex()
    private let storage: Storage
    private let cache: LinkCache
    private let days = UTCDayFormatter()

    init(storage: Storage, cache: LinkCache) {
        self.storage = storage
        self.cache = cache
    }

    /// Counts a click of `link` by `platform` from `referrerHost` (`""` for none) at `date`.
    func record(_ link: ShortLink, platform: ClickPlatform, referrerHost: String, at date: Date) {
        let key = ClickKey(linkID: link.id, day: days.day(of: date), platform: platform, referrerHost: referrerHost)
        pending.withLockedValue { pending in
            pending.counts[key, default: 0] += 1
            if platform != .crawler {
                pending.people[link.id, default: (link.host, link.slug, 0)].clicks += 1
            }
        }
    }

    /// People's clicks of `link` counted here and not stored yet.
    func pendingClicks(of link: LinkID) -> Int {
        pending.withLockedValue { ($0.people[link]?.clicks ?? 0) + ($0.writing[link] ?? 0) }
    }

    /// How many clicks are buffered.
    var bufferedClicks: Int {
        pending.withLockedValue { $0.counts.values.reduce(0, +) }
    }

    /// Writes the buffered clicks; on failure puts them back and throws.
    func flush() async throws {
        try await exclusive.withLock { try await flushHoldingTheLock() }
    }

    private func flushHoldingTheLock() async throws {
        let batch = pending.withLockedValue { pending -> Pending in
            let batch = pending
            pending.counts = [:]
            pending.people = [:]
            for (id, entry) in batch.people { pending.writing[id, default: 0] += entry.clicks }
            return batch
        }
        guard !batch.counts.isEmpty else { return }
        defer {
            pending.withLockedValue { pending in
                for (id, entry) in batch.people {
                    let left = (pending.writing[id] ?? 0) - entry.clicks
                    pending.writing[id] = left > 0 ? left : nil
                }
            }
        }
        let counts = batch.counts.map { ClickCount(key: $0.key, count: $0.value) }
        do {
            try await storage.record(counts)
        } catch {
            pending.withLockedValue { pending in
                for (key, count) in batch.counts { pending.counts[key, default: 0] += count }
                for (id, entry) in batch.people {
                    pending.people[id, default: (entry.host, entry.slug, 0)].clicks += entry.clicks
                }
            }
            throw error
        }
        for (id, entry) in batch.people {
            cache.addStoredClicks(entry.clicks, to: id, host: entry.host, slug: entry.slug)
        }
    }
}

/// The UTC day of a moment as `yyyy-MM-dd`, remembering the last answer (clicks come in
/// runs on the same day).
final class UTCDayFormatter: Sendable {
    private let last = NIOLockedValueBox<(day: Int, text: String)?>(nil)

    func day(of date: Date) -> String {
        let day = UTCDay.daysSince1970(date)
        if let last = last.withLockedValue({ $0 }), last.day == day { return last.text }
        let text = UTCDay.text(daysSince1970: day)
        last.withLockedValue { $0 = (day, text) }
        return text
    }
}
