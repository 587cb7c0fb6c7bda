import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Testing
@testable import LandfallServer
@testable import LandfallStorage

/// Every line a whole server logs while it answers a request carries that request's id, the
/// one its response names in `X-Request-ID`: the error line of a 500 and the access-log line
/// included. The server's log goes to a ``LogCapture`` at `debug`.
@Suite struct RequestLogTests {
    /// A site whose puzzle of the 20th is not JSON (its page fails) and whose puzzle of the
    /// 19th is fine.
    static func site() throws -> TemporarySite {
        try TemporarySite(TemporarySite.configuration(routes: """
              - name: puzzle
                pattern: /puzzle/:date
                parameters: {date: day}
                page: {content: "puzzle/{date}"}
            """), files: [
                "content/puzzle/2026-11-19.json": #"{"title": "Compass"}"#,
                "content/puzzle/2026-11-20.json": #"{"title": "Compass", "#,
            ])
    }

    /// A server for `site` logging everything from debug up into `capture`.
    static func server(_ site: TemporarySite, capture: LogCapture) async throws -> TestServer {
        try await TestServer(site: site.source) { configuration in
            configuration.logger = capture.logger(label: "test", level: .debug)
            configuration.logLevel = .debug
            // No table of every link: its load logs a line of its own, outside any request,
            // while the first request is in flight.
            configuration.linkTableBudget = 0
        }
    }

    /// Sends one request and returns its response with the lines logged from just before it
    /// was sent to just after it came back (only this request is in flight).
    static func answer(_ capture: LogCapture, _ request: () async throws -> ServedResponse) async throws
        -> (response: ServedResponse, lines: [CapturedLine]) {
        let mark = capture.count
        let response = try await request()
        return (response, capture.lines(since: mark))
    }

    /// Checks that every line carries the response's id, and that the lines include
    /// `expected` (messages, with their level) and exactly one access-log line with `status`.
    static func expectEveryLineCarriesTheID(_ response: ServedResponse, _ lines: [CapturedLine], status: String,
                                            including expected: [(Logger.Level, String)]) throws {
        let id = try #require(response["X-Request-ID"], "the response names its id")
        for line in lines {
            #expect(line["hb.request.id"] == id, "a line without the request's id: \(line)")
            #expect(line["request_id"] == nil, "a second id: \(line)")
        }
        for (level, message) in expected {
            #expect(lines.contains { $0.level == level && $0.message == message }, "no \(level) '\(message)' among \(lines)")
        }
        let access = lines.filter { $0.message == "request" }
        #expect(access.count == 1, "\(lines)")
        #expect(access.first?.level == .info)
        #expect(access.first?["status"] == status)
    }

    @Test("a page whose content cannot be read: every line of its 500 carries the request id", arguments: Transport.allCases)
    func unreadablePage(transport: Transport) async throws {
        let site = try Self.site()
        defer { site.remove() }
        let capture = LogCapture()
        let server = try await Self.server(site, capture: capture)
        try await server.run(transport) { client in
            let (response, lines) = try await Self.answer(capture) {
                try await client.get("/puzzle/2026-11-20", host: TemporarySite.host)
            }
            #expect(response.status == .internalServerError)
            #expect(response["Content-Type"] == "text/html; charset=utf-8")
            #expect(response.text.contains("Request \(response["X-Request-ID"] ?? "?")"), "the page names the id")
            try Self.expectEveryLineCarriesTheID(response, lines, status: "500", including: [(.error, "content unreadable")])
            #expect(lines.first { $0.message == "request" }?["route"] == "/puzzle/:date")
        }
    }

    @Test("an API request whose storage fails: every line of its 500 carries the request id", arguments: Transport.allCases)
    func failingStorage(transport: Transport) async throws {
        let site = try Self.site()
        defer { site.remove() }
        let capture = LogCapture()
        let server = try await Self.server(site, capture: capture)
        let key = try await server.authorization(.read)
        try await server.run(transport) { client in
            try await server.parts.storage.execute(raw: "ALTER TABLE links RENAME TO links_away")
            let (response, lines) = try await Self.answer(capture) {
                try await client.get("/v1/links", host: TemporarySite.host, headers: key)
            }
            try await server.parts.storage.execute(raw: "ALTER TABLE links_away RENAME TO links")
            response.expectAPIError(.internalServerError, "internal_error")
            try Self.expectEveryLineCarriesTheID(response, lines, status: "500", including: [(.error, "storage failure")])
            #expect(lines.first { $0.message == "request" }?["route"] == "/v1/links")
            #expect(try await client.get("/v1/links", host: TemporarySite.host, headers: key).status == .ok, "the table is back")
        }
    }

    @Test("a page that is served: its access-log line carries the request id", arguments: Transport.allCases)
    func servedPage(transport: Transport) async throws {
        let site = try Self.site()
        defer { site.remove() }
        let capture = LogCapture()
        let server = try await Self.server(site, capture: capture)
        try await server.run(transport) { client in
            let (response, lines) = try await Self.answer(capture) {
                try await client.get("/puzzle/2026-11-19", host: TemporarySite.host)
            }
            #expect(response.status == .ok)
            try Self.expectEveryLineCarriesTheID(response, lines, status: "200", including: [(.info, "request")])
        }
    }

    @Test("a client's own sane X-Request-ID is the one every line carries", arguments: Transport.allCases)
    func clientsOwnID(transport: Transport) async throws {
        let site = try Self.site()
        defer { site.remove() }
        let capture = LogCapture()
        let server = try await Self.server(site, capture: capture)
        try await server.run(transport) { client in
            let (response, lines) = try await Self.answer(capture) {
                try await client.get("/puzzle/2026-11-20", host: TemporarySite.host,
                                     headers: [HTTPField.Name("X-Request-ID")!: "trace-from-the-proxy.42"])
            }
            #expect(response["X-Request-ID"] == "trace-from-the-proxy.42")
            try Self.expectEveryLineCarriesTheID(response, lines, status: "500", including: [(.error, "content unreadable")])
        }
    }
}
