import Foundation
import Hummingbird
import LandfallLinks
@testable import LandfallStorage
import Logging
import Testing
@testable import LandfallServer

/// The server's table of every link (``LinkTable``) in a running server: loaded at start,
/// kept in step with this server's writes and with another writer's on the same SQLite file
/// (through the log of link changes), given up past its budget, and not asked past the
/// stale-if-error window of an outage.
@Suite struct LinkTableServerTests {
    private static let target = "https://daily.example.com/puzzle/2026-11-20"

    private static func link(_ slug: String, target: String = target) -> ShortLink {
        var random = SystemRandomNumberGenerator()
        return ShortLink(id: LinkID.generate(at: Demo.noon, using: &random), host: Demo.links, slug: slug, target: target, createdAt: Demo.noon)
    }

    /// How soon another writer's change must show, to tell the log of changes (read four times
    /// a second: a quarter of a second, or a few tenths with the visits that look, on an idle
    /// machine) from the cache's expiry (10 s). Not a second: on a busy test machine the wait
    /// took 1.2 s once (`swift test` beside two busy loops), and a wall-clock bound
    /// that tight fails on the machine, not on the code.
    private static let longBeforeTheCache: Duration = .seconds(5)

    /// A value of `/metrics`, by its whole name.
    private static func metric(_ name: String, in client: ServerClient) async throws -> Double? {
        let text = try await client.get("/metrics").text
        return text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    /// Waits (up to 10 s) for the table to answer.
    private static func tableLoaded(_ client: ServerClient) async throws -> Double? {
        try await SQLiteReadinessTests.eventually { try await metric("landfall_link_table_ready", in: client) } until: { $0 == 1 }
    }

    @Test("loads every stored link at start, says so in /metrics, and redirects each from memory")
    func loadsAtStart() async throws {
        let server = try await TestServer()
        try await server.parts.storage.insert((0..<300).map { Self.link("t\($0)", target: Self.target + "?n=\($0)") })
        try await server.run(.live) { client in
            #expect(try await Self.tableLoaded(client) == 1)
            #expect(try await Self.metric("landfall_link_table_links", in: client) ?? 0 >= 300)
            #expect(try await Self.metric("landfall_link_table_bytes", in: client) ?? 0 > 0)
            for number in [0, 150, 299] {
                let response = try await client.visit("t\(number)", as: Visitors.desktop)
                #expect(response.status == .found)
                #expect(response["Location"] == Self.target + "?n=\(number)")
            }
            #expect(server.parts.links.cache.count == 0, "answered by the table, not the cache")
            #expect(try await client.visit("nosuch", as: Visitors.desktop).status == .notFound)
        }
    }

    @Test("sees another writer's new, changed, disabled and deleted links on the same SQLite file from the log of changes, long before the cache's 10 s")
    func anotherWritersChanges() async throws {
        let server = try await TestServer()
        guard case .sqlite = server.storageLocation else { return }
        try await server.run(.live) { client in
            #expect(try await Self.tableLoaded(client) == 1)
            #expect(try await client.visit("elsewhere", as: Visitors.desktop).status == .notFound)
            // Another writer: its own storage object on the file, as `landfall links create --data-dir` has.
            let other = try await Storage.open(server.storageLocation, logger: Logger(label: "other"))
            var link = Self.link("elsewhere")
            try await other.insert([link])
            let started = ContinuousClock.now
            let created = try await SQLiteReadinessTests.eventually { try await client.visit("elsewhere", as: Visitors.desktop) } until: { $0.status == .found }
            #expect(created.status == .found, "a new link redirects")
            #expect(ContinuousClock.now - started < Self.longBeforeTheCache, "not after the cache's 10 s: the table was told")
            link.target = Self.target + "?changed"
            _ = try await other.update(link)
            let changed = try await SQLiteReadinessTests.eventually { try await client.visit("elsewhere", as: Visitors.desktop) } until: {
                $0["Location"] == Self.target + "?changed"
            }
            #expect(changed["Location"] == Self.target + "?changed")
            link.isDisabled = true
            _ = try await other.update(link)
            let disabling = ContinuousClock.now
            let disabled = try await SQLiteReadinessTests.eventually { try await client.visit("elsewhere", as: Visitors.desktop) } until: { $0.status == .gone }
            #expect(disabled.status == .gone)
            #expect(ContinuousClock.now - disabling < Self.longBeforeTheCache, "the log is read four times a second, the cache forgets after 10 s")
            _ = try await other.delete(id: link.id)
            let deleted = try await SQLiteReadinessTests.eventually { try await client.visit("elsewhere", as: Visitors.desktop) } until: { $0.status == .notFound }
            #expect(deleted.status == .notFound)
            await other.close()
        }
    }

    /// The journey "a link titled with markup shows as text" caught it: the table answered
    /// "no such link" for a link `landfall links create --data-dir` had just stored.
    @Test("opens a link another writer has just created on the very next visit, before the log of changes is read")
    func aLinkJustCreatedElsewhereOpensAtOnce() async throws {
        let server = try await TestServer()
        guard case .sqlite = server.storageLocation else { return }
        try await server.run(.live) { client in
            #expect(try await Self.tableLoaded(client) == 1)
            let other = try await Storage.open(server.storageLocation, logger: Logger(label: "other"))
            try await other.insert([Self.link("fresh")])
            #expect(try await client.visit("fresh", as: Visitors.desktop).status == .found)
            await other.close()
        }
    }

    @Test("answers a link changed through this server's API at once, before the change is read back", arguments: Transport.allCases)
    func ownWritesAreSeenAtOnce(transport: Transport) async throws {
        let server = try await TestServer()
        let key = try await server.authorization()
        try await server.run(transport) { client in
            #expect(try await Self.tableLoaded(client) == 1)
            let link = try await client.createLink(slug: "mine", key: key)
            #expect(try await client.visit("mine", as: Visitors.desktop).status == .found)
            let disabled = try await client.send("", to: "/v1/links/\(link.id)/disable", key: key)
            #expect(disabled.status == .ok || disabled.status == .noContent, "\(disabled.status): \(disabled.text)")
            #expect(try await client.visit("mine", as: Visitors.desktop).status == .gone)
        }
    }

    @Test("gives up past its memory budget, says so in /metrics, and every link still redirects")
    func givesUpPastItsBudget() async throws {
        let server = try await TestServer { $0.linkTableBudget = 1 }
        try await server.parts.storage.insert([Self.link("over")])
        try await server.run(.live) { client in
            let given = try await SQLiteReadinessTests.eventually { server.parts.links.table?.gaveUp } until: { $0 == true }
            #expect(given == true)
            #expect(try await Self.metric("landfall_link_table_ready", in: client) == 0)
            #expect(try await client.visit("over", as: Visitors.desktop).status == .found)
            #expect(try await client.visit("nosuch", as: Visitors.desktop).status == .notFound)
        }
    }

    @Test("redirects from the table while the database is down, but not past the stale-if-error window")
    func outageWindow() async throws {
        let server = try await TestServer { $0.linkCacheStaleIfError = .seconds(2) }
        guard case .sqlite(let directory) = server.storageLocation else { return }
        try await server.parts.storage.insert([Self.link("kept")])
        let path = directory + "/landfall.sqlite"
        try await server.run(.live) { client in
            #expect(try await Self.tableLoaded(client) == 1)
            let repair = try #require(try await SQLiteReadinessTests.faults[0].damage(path))
            let down = try await SQLiteReadinessTests.eventually { try await client.get("/ready") } until: { $0.status == .serviceUnavailable }
            #expect(down.status == .serviceUnavailable)
            #expect(try await client.visit("kept", as: Visitors.desktop).status == .found, "within the window")
            try await Task.sleep(for: .milliseconds(2_500))
            let past = try await client.visit("kept", as: Visitors.desktop)
            #expect(past.status == .serviceUnavailable, "past the window: \(past.status)")
            try await repair()
            let recovered = try await SQLiteReadinessTests.eventually { try await client.visit("kept", as: Visitors.desktop) } until: { $0.status == .found }
            #expect(recovered.status == .found)
        }
    }
}
