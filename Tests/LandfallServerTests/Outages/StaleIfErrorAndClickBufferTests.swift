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
        let clicks = ClickRecorder(storage: storage, cache: LinkCache(capacity: 10), limit: 3, metrics: metrics)
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
}
