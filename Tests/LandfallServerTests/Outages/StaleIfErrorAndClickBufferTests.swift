import Foundation
import Logging
import LandfallLinks
@testable import LandfallStorage
import Testing
@testable import LandfallServer

/// Stale-if-error in ``LinkCache`` (an expired entry answers for ``LinkCache/staleIfError``
/// more, only when asked for a stale answer) and the bound of ``ClickRecorder``'s buffer
/// (clicks past it dropped, counted in `/metrics`, never silently).
@Suite struct StaleIfErrorAndClickBufferTests {
    @Test("an expired entry answers as stale within the window only, and never as fresh", arguments: [
        (after: 5.0, fresh: true, stale: true),
        (after: 10.0, fresh: false, stale: true),
        (after: 309.0, fresh: false, stale: true),
        (after: 310.0, fresh: false, stale: false),
    ])
    func staleWindow(after: Double, fresh: Bool, stale: Bool) {
        let cache = LinkCache(capacity: 100, timeToLive: .seconds(10), staleIfError: .seconds(300))
        let start = ContinuousClock.now
        cache.store(.link(LinkCacheTests.link("friday")), host: LinkCacheTests.host, slug: "friday", now: start)
        let later = start + .milliseconds(Int(after * 1000))
        #expect((LinkCacheTests.cachedLink(cache.staleEntry(host: LinkCacheTests.host, slug: "friday", now: later)) != nil) == stale)
        #expect((LinkCacheTests.cachedLink(cache.entry(host: LinkCacheTests.host, slug: "friday", now: later)) != nil) == fresh)
        #expect((LinkCacheTests.cachedLink(cache.staleEntry(host: LinkCacheTests.host, slug: "friday", now: later)) != nil) == stale,
                "a fresh look-up past the time to live keeps the entry for the stale window")
    }

    @Test("with stale-if-error 0, an expired entry is gone")
    func staleIfErrorOff() {
        let cache = LinkCache(capacity: 100, timeToLive: .seconds(10), staleIfError: .zero)
        let start = ContinuousClock.now
        cache.store(.link(LinkCacheTests.link("friday")), host: LinkCacheTests.host, slug: "friday", now: start)
        #expect(cache.staleEntry(host: LinkCacheTests.host, slug: "friday", now: start + .seconds(10)) == nil)
    }

    @Test("clicks past the buffer's limit of distinct counts are dropped and counted in /metrics; clicks of counts held are kept")
    func boundedClickBuffer() async throws {
        let directory = try TemporaryDirectory("landfall-click-buffer")
        defer { directory.remove() }
        let storage = try await Storage.open(.sqlite(directory: directory.path), logger: .init(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let metrics = ServerMetrics()
        let clicks = ClickRecorder(storage: storage, links: LinkMemory(cache: LinkCache(capacity: 10), table: nil), limit: 3, metrics: metrics)
        let links = (0..<5).map { LinkCacheTests.link("l\($0)") }
        for link in links {
            #expect(try await clicks.take(link, platform: .desktop, referrerHost: "", at: Demo.noon))
        }
        #expect(try await clicks.take(links[0], platform: .desktop, referrerHost: "", at: Demo.noon), "a count held grows")
        #expect(clicks.bufferedClicks == 4)
        #expect(clicks.droppedClicks == 2)
        let exposition = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(exposition.contains("landfall_clicks_dropped_total 2"), "\(exposition)")
        await storage.close()
    }

    @Test("long links' visits share the bound: past it they are dropped and counted; a flush stores them and the in-app clicks")
    func longLinkVisitsShareTheBound() async throws {
        let directory = try TemporaryDirectory("landfall-click-buffer")
        defer { directory.remove() }
        let storage = try await Storage.open(.sqlite(directory: directory.path), logger: .init(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let metrics = ServerMetrics()
        let clicks = ClickRecorder(storage: storage, links: LinkMemory(cache: LinkCache(capacity: 10), table: nil), limit: 3, metrics: metrics)
        let link = LinkCacheTests.link("insta")
        try await storage.insert([link])
        #expect(try await clicks.take(link, platform: .ios, referrerHost: "", inAppBrowser: "Instagram", at: Demo.noon))
        for index in 0..<3 {
            clicks.countLongLinkVisit(LongLinkVisitKey(link: "https://daily.example.com/\(index)", day: "2026-11-20", platform: .desktop))
        }
        clicks.countLongLinkVisit(LongLinkVisitKey(link: "https://daily.example.com/0", day: "2026-11-20", platform: .desktop))
        #expect(clicks.droppedClicks == 2, "a click and an in-app count and one long link fill three places")
        #expect(clicks.bufferedClicks == 3)
        let exposition = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(exposition.contains("landfall_clicks_dropped_total 2"), "\(exposition)")

        try await clicks.flush()
        #expect(clicks.bufferedClicks == 0)
        #expect(try await storage.inAppClickCounts(linkID: link.id).map(\.count) == [1])
        #expect(try await storage.longLinkVisitCounts().map(\.count) == [2])
        #expect(try await storage.clickCounts(linkID: link.id).map(\.count) == [1])
        await storage.close()
    }
}
