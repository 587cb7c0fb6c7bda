import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage
import Testing
@testable import LandfallServer

/// `POST /v1/links/import`: Landfall's CSV and JSON and Firebase's Takeout export, as
/// `landfall links import` reads them, with the report it prints.
@Suite struct LinkImportAPITests {
    static let takeout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/import/takeout-daily.page.link.csv")

    static func csvHeaders(_ key: HTTPFields) -> HTTPFields {
        var headers = key
        headers[.contentType] = "text/csv; charset=utf-8"
        return headers
    }

    @Test("a Takeout export imports: 200 with each row's link and the columns not kept; the same file again is unchanged", arguments: ServerCases.all)
    func aTakeoutExportImportsOnce(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization(.write)
        let file = try String(contentsOf: Self.takeout, encoding: .utf8)
        try await server.run(transport) { client in
            let first = try await client.execute("/v1/links/import", method: .post, headers: Self.csvHeaders(key), body: file)
            #expect(first.status == .ok, "\(first.text)")
            let report = try first.json
            #expect(report["created"] as? Int == 3 && report["unchanged"] as? Int == 0 && report["refused"] as? Int == 0)
            let files = try #require(report["files"] as? [[String: Any]])
            #expect(files.first?["format"] as? String == "firebase" && (files.first?["notes"] as? [String])?.count == 8)
            #expect((files.first?["notes"] as? [String])?.last
                    == "daily.page.link: its 3 links move to go.daily.example.com (page.link domains are Google's, and stopped answering when Firebase Dynamic Links shut down).")
            let rows = try #require(report["rows"] as? [[String: Any]])
            #expect(rows.map { $0["url"] as? String } == ["https://go.daily.example.com/fRiDaY", "https://go.daily.example.com/w1nt3r",
                                                          "https://go.daily.example.com/oldpromo"])
            #expect(rows.first?["source"] as? String == "https://daily.page.link/fRiDaY")
            let stored = try #require(try await server.parts.storage.link(host: Demo.links, slug: "oldpromo"))
            #expect(stored.isDisabled && stored.data == ["name": "Autumn promo (archived)"])
            #expect(try await client.visit("fRiDaY", as: Visitors.desktop).status == .found, "the old link's slug redirects on the link host")

            let again = try await client.execute("/v1/links/import", method: .post, headers: Self.csvHeaders(key), body: file)
            #expect(again.status == .ok)
            let second = try again.json
            #expect(second["created"] as? Int == 0 && second["unchanged"] as? Int == 3)
            #expect((second["rows"] as? [[String: Any]])?.allSatisfy { $0["unchanged"] as? Bool == true } == true)
        }
    }

    @Test("JSON and a dry run: the dry run says what would be and stores nothing; the import then makes those links", arguments: TestDatabase.all)
    func aDryRunStoresNothing(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization(.write)
        let body = #"{"links": [{"target": "https://daily.example.com/puzzle/2026-12-24", "slug": "advent-24", "maxClicks": null}]}"#
        try await server.run(.router) { client in
            let before = try await server.parts.storage.linkCount()
            let dry = try await client.execute("/v1/links/import?dryRun=true", method: .post, headers: key, body: body)
            #expect(dry.status == .ok, "\(dry.text)")
            #expect((try dry.json["rows"] as? [[String: Any]])?.first?["wouldBe"] as? String == "https://go.daily.example.com/advent-24")
            #expect(try await server.parts.storage.linkCount() == before)
            let done = try await client.execute("/v1/links/import?dryRun=false", method: .post, headers: key, body: body)
            #expect(done.status == .ok)
            #expect(try done.json["created"] as? Int == 1)
            #expect(try await server.parts.storage.linkCount() == before + 1)
        }
    }

    @Test("a refused row: 422 rows_refused with the report and nothing stored; skipInvalid=true stores the others", arguments: TestDatabase.all)
    func aRefusedRowIsAllOrNothing(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization(.write)
        let csv = "target,slug\nhttps://daily.example.com/a,first-one\nhttps://evil.example.net/,second-one\n"
        try await server.run(.router) { client in
            let before = try await server.parts.storage.linkCount()
            let refused = try await client.execute("/v1/links/import", method: .post, headers: Self.csvHeaders(key), body: csv)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.errorCode == "rows_refused")
            let report = try refused.json
            #expect(report["created"] as? Int == 0 && report["refused"] as? Int == 1)
            let problems = (report["rows"] as? [[String: Any]])?[1]["problems"] as? [[String: Any]]
            #expect(problems?.first?["column"] as? String == "target")
            #expect(try await server.parts.storage.linkCount() == before)

            let skipped = try await client.execute("/v1/links/import?skipInvalid=true", method: .post, headers: Self.csvHeaders(key), body: csv)
            #expect(skipped.status == .ok)
            let counts = try skipped.json
            #expect(counts["created"] as? Int == 1 && counts["refused"] as? Int == 1)
            #expect(try await server.parts.storage.link(host: Demo.links, slug: "first-one") != nil)
        }
    }

    @Test("a request it cannot read gets a specific error, and stores nothing", arguments: [
        ("dryRun=maybe", "text/csv", "target\nhttps://daily.example.com/\n", 400, "invalid_body", "dryRun"),
        ("skipInvalid=1", "text/csv", "target\nhttps://daily.example.com/\n", 400, "invalid_body", "skipInvalid"),
        ("", "text/plain", "target\nhttps://daily.example.com/\n", 415, "unsupported_media_type", nil),
        ("", "text/csv", "target\n", 400, "invalid_body", nil),
        ("", "text/csv", "targets,slug\nhttps://daily.example.com/,a\n", 400, "invalid_body", "targets"),
        ("", "application/json", #"{"links": 3}"#, 400, "invalid_body", "links"),
        ("", "application/json", #"{"links": ["#, 400, "invalid_body", nil),
    ] as [(String, String, String, Int, String, String?)])
    func anUnreadableRequestIsRefused(query: String, contentType: String, body: String, status: Int, code: String, field: String?) async throws {
        let server = try await TestServer(database: .sqlite)
        var key = try await server.authorization(.write)
        key[.contentType] = contentType
        let headers = key
        try await server.run(.router) { client in
            let before = try await server.parts.storage.linkCount()
            let answer = try await client.execute("/v1/links/import" + (query.isEmpty ? "" : "?" + query), method: .post, headers: headers, body: body)
            answer.expectAPIError(HTTPResponse.Status(code: status), code, field: field)
            #expect(try await server.parts.storage.linkCount() == before)
        }
    }

    @Test("a body over 6 MiB answers 413 before it is read")
    func aBodyOverTheLimitIs413() async throws {
        let server = try await TestServer(database: .sqlite)
        let key = try await server.authorization(.write)
        let body = "target\n" + String(repeating: "https://daily.example.com/puzzle/2026-11-20\n", count: (6 << 20) / 44 + 10)
        try await server.run(.live) { client in
            let answer = try await client.execute("/v1/links/import", method: .post, headers: Self.csvHeaders(key), body: body)
            answer.expectAPIError(.contentTooLarge, "payload_too_large")
        }
    }
}
