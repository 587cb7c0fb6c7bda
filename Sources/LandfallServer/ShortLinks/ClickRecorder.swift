import Foundation
import LandfallLinks
import LandfallStorage
import Logging
import NIOConcurrencyHelpers

/// Counts clicks in memory and writes them to the database in batches, off the request path.
///
/// A click costs one dictionary update under a lock; ``flush()`` swaps the buffer out and
/// stores it in one transaction: added to the counts when it holds at most ``journalThreshold``
/// distinct counts, else appended to the click journal, which ``ClickJournalFolder`` adds to
/// the counts in the background (clicks spread over a million links cost a page written each
/// when counted, and would keep the flush behind the requests). ``BufferFlushService`` flushes on an interval and once more at
/// graceful shutdown, after the HTTP server has finished its last request, so every answered
/// redirect is stored. A flush that fails keeps its counts for the next one.
///
/// Beside the clicks, it counts the share of them made in in-app browsers (``InAppClickCount``)
/// and the visits of Firebase Dynamic Links long links (``countLongLinkVisit(_:)``), stored in
/// their own tables by the same flush.
///
/// The buffer is bounded: it holds at most ``limit`` distinct counts (a link, a day, a platform
/// and a referrer each; an in-app browser's clicks of a link and day; a long link's visits), so that an outage of the database with clicks of many links coming in
/// cannot use up the memory. A click that would add a count past the limit is dropped, counted
/// in `/metrics` (`landfall_clicks_dropped_total`) and in one warning logged per flush; clicks
/// of counts already held are always kept.
///
/// A click of a link with a click limit is taken from the database first (``take(_:platform:referrerHost:inAppBrowser:at:)``),
/// one conditional statement that admits exactly `maxClicks` however many requests and
/// instances race; only its count by day, platform and referrer waits for the flush.
final class ClickRecorder: Sendable {
    private struct Pending {
        /// Clicks not stored at all yet.
        var counts: [ClickKey: Int] = [:]
        /// People's clicks of limited links, already in their link's click count.
        var taken: [ClickKey: Int] = [:]
        /// Clicks made in in-app browsers (counted in `counts` or `taken` too).
        var inApp: [InAppClickKey: Int] = [:]
        /// Visits of long links.
        var longLinks: [LongLinkVisitKey: Int] = [:]
        /// Clicks dropped since the last flush (the buffer was full).
        var dropped = 0

        var isEmpty: Bool { counts.isEmpty && taken.isEmpty && inApp.isEmpty && longLinks.isEmpty }
        /// How many distinct counts are held.
        var size: Int { counts.count + taken.count + inApp.count + longLinks.count }
    }

    private let pending = NIOLockedValueBox(Pending())
    private let exclusive = AsyncMutex()
    private let storage: Storage
    private let links: LinkMemory
    private let days = UTCDayFormatter()
    /// The most distinct counts the buffer holds.
    let limit: Int
    /// A flush of more distinct counts than this goes to the click journal.
    let journalThreshold: Int
    /// When the last flush went to the click journal.
    private let lastJournaled = NIOLockedValueBox<ContinuousClock.Instant?>(nil)
    private let metrics: ServerMetrics?
    private let logger: Logger

    init(storage: Storage, links: LinkMemory, limit: Int = 100_000, journalThreshold: Int = 500, metrics: ServerMetrics? = nil,
         logger: Logger = Logger(label: "landfall") { _ in SwiftLogNoOpLogHandler() }) {
        self.storage = storage
        self.links = links
        self.limit = limit
        self.journalThreshold = journalThreshold
        self.metrics = metrics
        self.logger = logger
    }

    /// Counts a click of `link` by `platform` from `referrerHost` (`""` for none) at `date`,
    /// made in the in-app browser of `inAppBrowser` (``InAppBrowser/app``) when given;
    /// for one of people's clicks of a link with a click limit, only once the database took it.
    ///
    /// - Returns: Whether the click was admitted: `false` when the link's `maxClicks` was
    ///   reached meanwhile (by this instance or another) or the link was deleted.
    /// - Throws: ``StorageError`` when the click of a limited link could not be taken.
    func take(_ link: ShortLink, platform: ClickPlatform, referrerHost: String, inAppBrowser: String? = nil,
              at date: Date) async throws(StorageError) -> Bool {
        guard Self.isTakenFromDatabase(link, platform: platform) else {
            count(link, platform: platform, referrerHost: referrerHost, inAppBrowser: inAppBrowser, at: date)
            return true
        }
        let day = days.day(of: date)
        let key = ClickKey(linkID: link.id, day: day, platform: platform, referrerHost: referrerHost)
        let inAppKey = inAppBrowser.map { InAppClickKey(linkID: link.id, day: day, app: $0) }
        switch try await storage.takeClick(of: link.id) {
        case .taken(let clickCount):
            pending.withLockedValue { pending in
                pending.taken[key, default: 0] += 1
                if let inAppKey { pending.inApp[inAppKey, default: 0] += 1 }
            }
            links.cache.raiseClickCount(to: clickCount, of: link.id, host: link.host, slug: link.slug)
            return true
        case .limitReached(let clickCount):
            links.cache.raiseClickCount(to: clickCount, of: link.id, host: link.host, slug: link.slug)
            return false
        case .missing:
            links.forget(host: link.host, slugs: [link.slug])
            return false
        }
    }

    /// Whether a click of `link` by `platform` is taken from the database before it is
    /// admitted: one of people's clicks of a link with a click limit. Every other click is
    /// counted in memory (``count(_:platform:referrerHost:inAppBrowser:at:)``), without an await.
    static func isTakenFromDatabase(_ link: ShortLink, platform: ClickPlatform) -> Bool {
        link.maxClicks != nil && platform != .crawler
    }

    /// Counts a click that is not taken from the database (see ``isTakenFromDatabase(_:platform:)``)
    /// in the buffer: kept when its count is held already or the buffer has room, else dropped
    /// and counted in `/metrics`.
    func count(_ link: ShortLink, platform: ClickPlatform, referrerHost: String, inAppBrowser: String? = nil, at date: Date) {
        let day = days.day(of: date)
        let key = ClickKey(linkID: link.id, day: day, platform: platform, referrerHost: referrerHost)
        let kept = pending.withLockedValue { pending in
            guard pending.counts[key] != nil || pending.size < limit else {
                pending.dropped += 1
                return false
            }
            pending.counts[key, default: 0] += 1
            if let inAppBrowser {
                let inAppKey = InAppClickKey(linkID: link.id, day: day, app: inAppBrowser)
                if pending.inApp[inAppKey] != nil || pending.size < limit { pending.inApp[inAppKey, default: 0] += 1 }
            }
            return true
        }
        if !kept { metrics?.recordDroppedClicks(1) }
    }

    /// Counts a visit of a Firebase Dynamic Links long link (a preview, for the platform
    /// `crawler`), kept like a click: dropped and counted in `/metrics` when the buffer is full.
    func countLongLinkVisit(_ key: LongLinkVisitKey) {
        let kept = pending.withLockedValue { pending in
            guard pending.longLinks[key] != nil || pending.size < limit else {
                pending.dropped += 1
                return false
            }
            pending.longLinks[key, default: 0] += 1
            return true
        }
        if !kept { metrics?.recordDroppedClicks(1) }
    }

    /// How many clicks are buffered, long links' visits included.
    var bufferedClicks: Int {
        pending.withLockedValue { $0.counts.values.reduce(0, +) + $0.taken.values.reduce(0, +) + $0.longLinks.values.reduce(0, +) }
    }

    /// Writes the buffered clicks; on failure puts them back and throws.
    func flush() async throws {
        try await exclusive.withLock { try await flushHoldingTheLock() }
    }

    /// Whether a flush went to the click journal within `window` (clicks of many links keep
    /// coming: ``ClickJournalFolder`` leaves the processor to the requests).
    func journaled(within window: Duration) -> Bool {
        guard let last = lastJournaled.withLockedValue({ $0 }) else { return false }
        return .now - last <= window
    }

    /// How many clicks were dropped since the last flush.
    var droppedClicks: Int {
        pending.withLockedValue { $0.dropped }
    }

    private func flushHoldingTheLock() async throws {
        let batch = pending.withLockedValue { pending -> Pending in
            defer { pending = Pending() }
            return pending
        }
        if batch.dropped > 0 {
            logger.warning("clicks dropped: the buffer of clicks not stored yet was full (the database does not take them)",
                           metadata: ["dropped": "\(batch.dropped)", "limit": "\(limit)"])
        }
        guard !batch.isEmpty else { return }
        do {
            if !batch.counts.isEmpty || !batch.taken.isEmpty {
                let recording = try await storage.record(batch.counts.map { ClickCount(key: $0.key, count: $0.value) },
                                                         alreadyCounted: batch.taken.map { ClickCount(key: $0.key, count: $0.value) },
                                                         journalAbove: journalThreshold)
                if case .journaled = recording { lastJournaled.withLockedValue { $0 = .now } }
            }
        } catch {
            putBack(batch)
            throw error
        }
        // The in-app share and the long links' visits, once the clicks are stored: a failure
        // keeps only them for the next flush.
        var rest = Pending()
        rest.inApp = batch.inApp
        rest.longLinks = batch.longLinks
        do {
            try await storage.record(inAppClicks: batch.inApp.map { InAppClickCount(key: $0.key, count: $0.value) })
            rest.inApp = [:]
            try await storage.record(longLinkVisits: batch.longLinks.map { LongLinkVisitCount(key: $0.key, count: $0.value) })
        } catch {
            putBack(rest)
            throw error
        }
    }

    /// Adds the counts of a batch that could not be stored back to the buffer.
    private func putBack(_ batch: Pending) {
        pending.withLockedValue { pending in
            for (key, count) in batch.counts { pending.counts[key, default: 0] += count }
            for (key, count) in batch.taken { pending.taken[key, default: 0] += count }
            for (key, count) in batch.inApp { pending.inApp[key, default: 0] += count }
            for (key, count) in batch.longLinks { pending.longLinks[key, default: 0] += count }
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
