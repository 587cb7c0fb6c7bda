import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// The runtime settings: `GET /v1/settings` is public and never cached, `PATCH` needs a write
/// key, and a change made through one instance is read on another within one second.
@Suite struct SettingsTests {
    /// Asks `request` every 50 ms until `done` holds; the last answer. No deadline of its own:
    /// a test using it has a `.timeLimit`, so that timing on a loaded machine decides nothing.
    static func poll(_ request: () async throws -> ServedResponse, until done: (ServedResponse) -> Bool) async throws -> ServedResponse {
        var response = try await request()
        while !done(response) {
            try await Task.sleep(for: .milliseconds(50))
            response = try await request()
        }
        return response
    }

    @Test("the settings are public, false and never changed at first, and not cached", arguments: ServerCases.all)
    func publicRead(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        try await server.run(transport) { client in
            let response = try await client.get("/v1/settings")
            #expect(response.status == .ok, "\(response.text)")
            #expect(try response.json as NSDictionary == ["invitationsRequired": false, "updatedAt": NSNull()] as NSDictionary, "\(response.text)")
            #expect(response["Cache-Control"]?.contains("no-store") == true, "\(response.headersOtherThanIDAndDate)")
            #expect(try await client.get("/v1/settings", host: Demo.links).status == .ok, "answered on the link host too")
        }
    }

    @Test("PATCH needs a write key, changes what the body names, and is read back at once", arguments: ServerCases.all)
    func patch(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let write = try await server.authorization()
        let read = try await server.authorization(.read, name: "reader")
        try await server.run(transport) { client in
            let body = #"{"invitationsRequired": true}"#
            let anonymous = try await client.execute("/v1/settings", method: .patch, headers: [.contentType: "application/json"], body: body)
            anonymous.expectAPIError(.unauthorized, "unauthorized")
            try await client.execute("/v1/settings", method: .patch, headers: read, body: body).expectAPIError(.forbidden, "forbidden")
            #expect(try await client.get("/v1/settings").json["invitationsRequired"] as? Bool == false)

            server.clock.set("2026-11-21T10:00:00Z")
            let changed = try await client.execute("/v1/settings", method: .patch, headers: write, body: body)
            #expect(changed.status == .ok, "\(changed.text)")
            #expect(try changed.json as NSDictionary == ["invitationsRequired": true, "updatedAt": "2026-11-21T10:00:00.000Z"] as NSDictionary,
                    "\(changed.text)")
            let readBack = try await client.get("/v1/settings")
            #expect(try readBack.json as NSDictionary == ["invitationsRequired": true, "updatedAt": "2026-11-21T10:00:00.000Z"] as NSDictionary)

            server.clock.advance(by: 60)
            let off = try await client.execute("/v1/settings", method: .patch, headers: write, body: #"{"invitationsRequired": false}"#)
            #expect(try off.json["invitationsRequired"] as? Bool == false)
            #expect(try await client.get("/v1/settings").json["updatedAt"] as? String == "2026-11-21T10:01:00.000Z")
        }
    }

    @Test("bad settings bodies are 400 naming the field", arguments: [
        (#"{"invitationsRequired": "yes"}"#, "invitationsRequired"),
        (#"{"invitationsRequired": null}"#, "invitationsRequired"),
        (#"{"gate": true}"#, "gate"),
    ])
    func badPatches(body: String, field: String) async throws {
        let server = try await TestServer()
        let key = try await server.authorization()
        try await server.run(.router) { client in
            try await client.execute("/v1/settings", method: .patch, headers: key, body: body).expectAPIError(.badRequest, "invalid_body", field: field)
            #expect(try await client.get("/v1/settings").json["updatedAt"] is NSNull, "nothing changed")
        }
    }

    @Test("an empty PATCH is 400, as SettingsPatch has minProperties: 1")
    func emptyPatch() async throws {
        let server = try await TestServer()
        let key = try await server.authorization()
        try await server.run(.router) { client in
            try await client.execute("/v1/settings", method: .patch, headers: key, body: "{}").expectAPIError(.badRequest, "invalid_body")
        }
    }

    @Test("two instances on one PostgreSQL database: a change made on one is read on the other within a second",
          .enabled(if: TestDatabase.all.contains(.postgres), "needs PostgreSQL: run under scripts/with-postgres"), .timeLimit(.minutes(10)))
    func twoInstances() async throws {
        let first = try await TestServer(database: .postgres)
        let second = try await TestServer(database: .postgres, sharing: first)
        let key = try await first.authorization()
        try await first.run(.live) { a in
            try await second.run(.live) { b in
                // B reads first, so the old value is in its cache.
                for _ in 0..<3 {
                    #expect(try await b.get("/v1/settings").json["invitationsRequired"] as? Bool == false)
                }
                for required in [true, false, true] {
                    let changed = try await a.execute("/v1/settings", method: .patch, headers: key, body: #"{"invitationsRequired": \#(required)}"#)
                    #expect(changed.status == .ok, "\(changed.text)")
                    // Asked until B answers the new value; the suite's time limit stops a B that never does.
                    let seen = try await Self.poll({ try await b.get("/v1/settings") },
                                                   until: { (try? $0.json["invitationsRequired"] as? Bool) == required })
                    #expect(try seen.json["invitationsRequired"] as? Bool == required)
                }
            }
        }
    }
}
