import Foundation
import Hummingbird
import LandfallLinks
@testable import LandfallStorage
import Logging
import Testing
@testable import LandfallServer

/// Clicks are buffered off the request path, and graceful shutdown stores every one that was
/// answered: the stored count equals the redirects the clients received.
@Suite struct ClickDurabilityTests {
    @Test("after 500 concurrent clicks and a graceful shutdown, the stored clicks equal the 302s answered", arguments: TestDatabase.all)
    func everyAnsweredClickIsStored(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        let (id, redirects) = try await server.run(.live) { client in
            let link = try await client.createLink(slug: "busy", key: key)
            let redirects = try await withThrowingTaskGroup(of: Int.self) { group in
                for task in 0..<8 {
                    group.addTask {
                        try await client.onNewConnection { connection in
                            var found = 0
                            // 500 clicks over 8 connections: 63 each for the first four, 62 for the rest.
                            for _ in 0..<(task < 4 ? 63 : 62) {
                                let response = try await connection.visit("busy", as: Visitors.desktop,
                                                                          headers: [.referer: "https://news.example.org/\(task)"])
                                if response.status == .found { found += 1 }
                            }
                            return found
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
            return (link.id, redirects)
        }
        #expect(redirects == 500)

        let storage = try await Storage.open(server.storageLocation, logger: Logger(label: "click-durability"))
        let linkID = try #require(LinkID(id))
        let counts = try await storage.clickCounts(linkID: linkID)
        let stored = try await storage.link(id: linkID)
        await storage.close()
        #expect(counts.filter { $0.key.platform != .crawler }.reduce(0) { $0 + $1.count } == redirects)
        #expect(counts.filter { $0.key.referrerHost == "news.example.org" }.reduce(0) { $0 + $1.count } == redirects)
        #expect(stored?.clickCount == redirects)
    }

    /// How the server runs while a limited link is clicked. A full parallel test run once let a
    /// 3-click link redirect a fourth time: its cache entry expired, and the look-up that refilled
    /// it read the count from before a flush while the flush cleared the clicks it was writing.
    /// `churning` makes cache entries expire and clicks flush every millisecond, so refills and
    /// flushes cross all the time (it got 102 redirects of a 100-click link before the fix).
    enum ClickLimitSetting: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case usual
        case churning

        var testDescription: String { rawValue }

        func apply(to configuration: inout ServerConfiguration) {
            if self == .churning {
                configuration.linkCacheTimeToLive = .milliseconds(1)
                configuration.clickFlushInterval = .milliseconds(1)
            }
        }
    }

    @Test("a link with maxClicks 100 answers exactly 100 redirects to 200 concurrent clicks, and stores 100, each counted once",
          arguments: TestDatabase.all, ClickLimitSetting.allCases)
    func clickLimitUnderLoad(database: TestDatabase, setting: ClickLimitSetting) async throws {
        let server = try await TestServer(database: database) { setting.apply(to: &$0) }
        let key = try await server.authorization()
        let (id, redirects) = try await server.run(.live) { client in
            let link = try await client.createLink(#"{"target": "https://daily.example.com/puzzle/2026-11-20", "slug": "limited", "maxClicks": 100}"#, key: key)
            let redirects = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await client.onNewConnection { connection in
                            var found = 0
                            for _ in 0..<25 where try await connection.visit("limited", as: Visitors.desktop).status == .found {
                                found += 1
                            }
                            return found
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
            return (link.id, redirects)
        }
        #expect(redirects == 100)
        let storage = try await Storage.open(server.storageLocation, logger: Logger(label: "click-durability"))
        let linkID = try #require(LinkID(id))
        let stored = try await storage.link(id: linkID)
        let counts = try await storage.clickCounts(linkID: linkID)
        await storage.close()
        #expect(stored?.clickCount == 100)
        #expect(counts.reduce(0) { $0 + $1.count } == 100, "each click counted by day, platform and referrer once")
    }
}

extension ClickDurabilityTests {
    @Test("statistics read while clicks are being flushed count every click exactly once", arguments: TestDatabase.all)
    func statsDuringFlushes(database: TestDatabase) async throws {
        // Flushing every few milliseconds puts many flushes among the reads.
        let server = try await TestServer(database: database) { $0.clickFlushInterval = .milliseconds(3) }
        let key = try await server.authorization()
        try await server.run(.live) { client in
            let link = try await client.createLink(slug: "watched", key: key)
            var wrong: [String] = []
            for click in 1...200 {
                #expect(try await client.visit("watched", as: Visitors.desktop).status == .found)
                let stats = try await client.stats(of: link.id, key: key)
                if stats["clicks"] as? Int != click { wrong.append("after click \(click): \(stats["clicks"] ?? "none")") }
            }
            #expect(wrong.isEmpty, "\(wrong.count) of 200 reads were off: \(wrong.prefix(10))")
        }
    }
}

extension ClickDurabilityTests {
    @Test("a flush that fails keeps its clicks for the next one, which stores them", arguments: TestDatabase.all)
    func failedFlushKeepsCounts(database: TestDatabase) async throws {
        // The flush service waits an hour: only this test's own flushes run until shutdown.
        let server = try await TestServer(database: database) { $0.clickFlushInterval = .seconds(3600) }
        let key = try await server.authorization()
        let id = try await server.run(.router) { client in
            let link = try await client.createLink(slug: "kept", key: key)
            for _ in 0..<10 {
                #expect(try await client.visit("kept", as: Visitors.desktop).status == .found)
            }
            // The table the counts go to is away: the flush fails.
            try await server.parts.storage.execute(raw: "ALTER TABLE click_counts RENAME TO click_counts_away")
            await #expect(throws: (any Error).self) { try await server.parts.clicks.flush() }
            #expect(server.parts.clicks.bufferedClicks == 10)

            try await server.parts.storage.execute(raw: "ALTER TABLE click_counts_away RENAME TO click_counts")
            try await server.parts.clicks.flush()
            #expect(server.parts.clicks.bufferedClicks == 0)
            #expect(try await client.stats(of: link.id, key: key)["clicks"] as? Int == 10)
            return link.id
        }
        let storage = try await Storage.open(server.storageLocation, logger: Logger(label: "click-durability"))
        let stored = try await storage.link(id: try #require(LinkID(id)))
        await storage.close()
        #expect(stored?.clickCount == 10)
    }
}
