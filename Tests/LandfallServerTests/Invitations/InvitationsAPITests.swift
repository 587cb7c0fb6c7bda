import Foundation
import Hummingbird
import LandfallLinks
import Testing
@testable import LandfallServer

/// The invitations API of `openapi/landfall.yaml` with a key: create a batch, list and page,
/// export as CSV, read, revoke one or a batch, the audit log; over both transports and both
/// databases.
@Suite struct InvitationsAPITests {
    /// Every member the contract's `Invitation` schema requires.
    static let invitationMembers: Set<String> = [
        "code", "url", "batch", "uses", "redeemed", "usesLeft", "status", "expiresAt", "note", "campaign", "createdAt", "revokedAt",
    ]

    /// Whether `text` is a UUID (the batch id is a LinkID-style UUIDv7).
    static func isUUIDv7(_ text: String) -> Bool {
        UUID(uuidString: text) != nil && text.count == 36 && Array(text)[14] == "7"
    }

    // MARK: create

    @Test("a batch gets count codes of 15 symbols of the alphabet, one batch id, the fields asked for, and URLs of the invitations route",
          arguments: ServerCases.all)
    func createBatch(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let response = try await client.execute("/v1/invites", method: .post, headers: key, body: """
                {"count": 3, "uses": 2, "expiresAt": "2026-12-31T23:59:59Z", "note": "Winter beta, second wave", "campaign": "beta"}
                """)
            #expect(response.status == .created, "\(response.text)")
            let json = try response.json
            #expect(Set(json.keys) == ["batch", "invitations"])
            let batch = try #require(json["batch"] as? String)
            #expect(Self.isUUIDv7(batch), "\(batch)")
            let invitations = try #require(json["invitations"] as? [[String: Any]])
            #expect(invitations.count == 3)
            for invitation in invitations {
                #expect(Set(invitation.keys) == Self.invitationMembers, "\(invitation.keys.sorted())")
                let code = try #require(invitation["code"] as? String)
                #expect(InvitationCodes.isFormatted(code), "\(code)")
                #expect(invitation["url"] as? String == "https://daily.example.com/invites/\(code)")
                #expect(invitation["batch"] as? String == batch)
                #expect(invitation["uses"] as? Int == 2)
                #expect(invitation["redeemed"] as? Int == 0)
                #expect(invitation["usesLeft"] as? Int == 2)
                #expect(invitation["status"] as? String == "active")
                #expect(invitation["expiresAt"] as? String == "2026-12-31T23:59:59.000Z")
                #expect(invitation["note"] as? String == "Winter beta, second wave")
                #expect(invitation["campaign"] as? String == "beta")
                #expect(invitation["createdAt"] as? String == "2026-11-20T17:00:00.000Z")
                #expect(invitation["revokedAt"] is NSNull)
            }
            #expect(Set(invitations.compactMap { $0["code"] as? String }).count == 3)
        }
    }

    @Test("a batch with only a count has one use each, and null expiry, note and campaign", arguments: TestDatabase.all)
    func defaults(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let batch = try await client.createInvitations(#"{"count": 2}"#, key: key)
            #expect(batch.invitations.count == 2)
            for invitation in batch.invitations {
                #expect(invitation["uses"] as? Int == 1)
                #expect(invitation["usesLeft"] as? Int == 1)
                #expect(invitation["expiresAt"] is NSNull)
                #expect(invitation["note"] is NSNull)
                #expect(invitation["campaign"] is NSNull)
            }
        }
    }

    @Test("500 codes of one batch are all different, and two batches get different ids", arguments: TestDatabase.all)
    func codesAreUnique(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let first = try await client.createInvitations(#"{"count": 500}"#, key: key)
            let second = try await client.createInvitations(#"{"count": 10}"#, key: key)
            #expect(first.codes.count == 500)
            #expect(Set(first.codes + second.codes).count == 510)
            #expect(first.codes.allSatisfy(InvitationCodes.isFormatted))
            #expect(first.batch != second.batch)
            // Every symbol of the alphabet turns up somewhere in 500 codes, and nothing else does.
            #expect(Set(first.codes.joined().filter { $0 != "-" }) == InvitationCodes.alphabet)
        }
    }

    @Test("bad batches are refused with the field at fault", arguments: [
        (#"{"count": 0}"#, "count"),
        (#"{"count": 10001}"#, "count"),
        (#"{"count": 1, "uses": 0}"#, "uses"),
        (#"{"count": 1, "uses": 1000001}"#, "uses"),
        (#"{"count": 1, "colour": "blue"}"#, "colour"),
        (#"{"uses": 2}"#, "count"),
        (#"{"count": "ten"}"#, "count"),
        (#"{"count": 1, "expiresAt": "tomorrow"}"#, "expiresAt"),
        (#"{"count": 1, "expiresAt": "2026-11-19T00:00:00Z"}"#, "expiresAt"),
        (#"{"count": 1, "campaign": "\#(String(repeating: "c", count: 101))"}"#, "campaign"),
        (#"{"count": 1, "note": "\#(String(repeating: "n", count: 501))"}"#, "note"),
    ])
    func badBatches(body: String, field: String) async throws {
        let server = try await TestServer()
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let response = try await client.execute("/v1/invites", method: .post, headers: key, body: body)
            response.expectAPIError(.badRequest, "invalid_body", field: field)
            let listed = try await client.get("/v1/invites", headers: key)
            #expect((try listed.json["invitations"] as? [Any])?.isEmpty == true, "nothing was created")
        }
    }

    @Test("a body that is not JSON is refused, and one not sent as JSON too", arguments: Transport.allCases)
    func notJSON(transport: Transport) async throws {
        let server = try await TestServer()
        let key = try await server.authorization()
        try await server.run(transport) { client in
            try await client.execute("/v1/invites", method: .post, headers: key, body: "count=3").expectAPIError(.badRequest, "invalid_body")
            var plain = key
            plain[.contentType] = "text/plain"
            try await client.execute("/v1/invites", method: .post, headers: plain, body: #"{"count": 1}"#)
                .expectAPIError(.unsupportedMediaType, "unsupported_media_type")
        }
    }

    // MARK: keys

    @Test("every invitation operation but redemption needs a key, and writing needs a write key", arguments: ServerCases.all)
    func keysAreRequired(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let write = try await server.authorization(.write)
        let read = try await server.authorization(.read, name: "reader")
        try await server.run(transport) { client in
            let batch = try await client.createInvitations(#"{"count": 1}"#, key: write)
            let code = try #require(batch.codes.first)
            let json: HTTPFields = [.contentType: "application/json"]
            let operations: [(HTTPRequest.Method, String, String?)] = [
                (.post, "/v1/invites", #"{"count": 1}"#),
                (.get, "/v1/invites", nil),
                (.get, "/v1/invites?format=csv", nil),
                (.get, "/v1/invites/\(code)", nil),
                (.post, "/v1/invites/\(code)/revoke", nil),
                (.post, "/v1/invites/revoke", #"{"batch": "\#(batch.batch)"}"#),
                (.get, "/v1/invites/audit", nil),
            ]
            for (method, path, body) in operations {
                let anonymous = try await client.execute(path, method: method, headers: json, body: body)
                anonymous.expectAPIError(.unauthorized, "unauthorized")
                #expect(anonymous["WWW-Authenticate"]?.hasPrefix("Bearer") == true, "\(method) \(path)")
                let reading = try await client.execute(path, method: method, headers: read, body: body)
                if method == .get {
                    #expect(reading.status == .ok, "\(method) \(path) with a read key: \(reading.status) \(reading.text)")
                } else {
                    reading.expectAPIError(.forbidden, "forbidden")
                }
            }
            // Nothing the refused requests asked for happened.
            let invitation = try await client.get("/v1/invites/\(code)", headers: read)
            #expect(try invitation.json["status"] as? String == "active")
            let all = try await client.get("/v1/invites", headers: read)
            #expect((try all.json["invitations"] as? [Any])?.count == 1)
        }
    }

    // MARK: list

    @Test("invitations are listed newest batch first, by code within a batch, filtered by batch and status", arguments: ServerCases.all)
    func list(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let older = try await client.createInvitations(#"{"count": 3, "campaign": "autumn"}"#, key: key)
            server.clock.advance(by: 60)
            let newer = try await client.createInvitations(#"{"count": 2, "uses": 5}"#, key: key)

            let all = try await client.get("/v1/invites", headers: key)
            #expect(all.status == .ok, "\(all.text)")
            let page = try all.json
            #expect(Set(page.keys) == ["invitations", "nextCursor"])
            #expect(page["nextCursor"] is NSNull)
            let listed = (page["invitations"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
            #expect(listed == newer.codes.sorted() + older.codes.sorted())

            let batch = try await client.get("/v1/invites?batch=\(older.batch)", headers: key)
            #expect((try batch.json["invitations"] as? [[String: Any]])?.compactMap { $0["code"] as? String } == older.codes.sorted())

            _ = try await client.execute("/v1/invites/\(older.codes[1])/revoke", method: .post, headers: key)
            let revoked = try await client.get("/v1/invites?status=revoked", headers: key)
            #expect((try revoked.json["invitations"] as? [[String: Any]])?.compactMap { $0["code"] as? String } == [older.codes[1]])
            let active = try await client.get("/v1/invites?status=active&batch=\(older.batch)", headers: key)
            #expect((try active.json["invitations"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
                    == older.codes.filter { $0 != older.codes[1] }.sorted())
            let usedUp = try await client.get("/v1/invites?status=used_up", headers: key)
            #expect((try usedUp.json["invitations"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("pages of limit invitations, followed by nextCursor, give each invitation once in order", arguments: ServerCases.all)
    func pages(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            var expected: [String] = []
            for count in [3, 4, 2] {
                let batch = try await client.createInvitations(#"{"count": \#(count)}"#, key: key)
                expected = batch.codes.sorted() + expected
                server.clock.advance(by: 1)
            }
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let path = "/v1/invites?limit=2" + (cursor.map { "&cursor=\(JSONText.queryValue($0))" } ?? "")
                let response = try await client.get(path, headers: key)
                try #require(response.status == .ok, "\(response.text)")
                let page = try response.json
                let codes = (page["invitations"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
                #expect(codes.count <= 2)
                seen += codes
                cursor = page["nextCursor"] as? String
                pages += 1
                // An invitation created while paging comes before the cursor: no duplicate, no gap.
                if pages == 2 { _ = try await client.createInvitations(#"{"count": 1}"#, key: key) }
            } while cursor != nil && pages < 20
            #expect(seen == expected)
            #expect(pages == 5)
        }
    }

    @Test("bad list parameters are refused naming the parameter", arguments: [
        ("limit=0", "limit"), ("limit=1001", "limit"), ("limit=ten", "limit"), ("status=lost", "status"), ("cursor=not-a-cursor", "cursor"),
    ])
    func badListParameters(query: String, field: String) async throws {
        let server = try await TestServer()
        let key = try await server.authorization(.read)
        try await server.run(.router) { client in
            try await client.get("/v1/invites?\(query)", headers: key).expectAPIError(.badRequest, "invalid_body", field: field)
        }
    }

    // MARK: CSV

    @Test("the CSV export has the documented header and one row per invitation, with every match and no page limit",
          arguments: ServerCases.all)
    func csvExport(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization(.read, name: "reader")
        let write = try await server.authorization()
        try await server.run(transport) { client in
            let batch = try await client.createInvitations(
                #"{"count": 3, "uses": 2, "expiresAt": "2026-12-31T23:59:59Z", "note": "Winter beta, second wave", "campaign": "beta"}"#, key: write)
            server.clock.advance(by: 60)
            let other = try await client.createInvitations(#"{"count": 2}"#, key: write)
            _ = try await client.redeem(batch.codes[0])

            for (path, headers) in [("/v1/invites?format=csv&limit=1", key), ("/v1/invites?limit=1", { var accept = key; accept[.accept] = "text/csv"; return accept }())] {
                let response = try await client.get(path, headers: headers)
                #expect(response.status == .ok, "\(response.text)")
                #expect(response["Content-Type"]?.hasPrefix("text/csv") == true, "\(response.headersOtherThanIDAndDate)")
                let lines = response.text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .init(charactersIn: "\r")) }
                #expect(lines.first == "code,url,batch,uses,redeemed,uses_left,status,expires_at,note,campaign,created_at,revoked_at")
                #expect(lines.count == 6, "\(response.text)")
                let rows = Dictionary(uniqueKeysWithValues: lines.dropFirst().map { line in (String(line.prefix(17)), line) })
                #expect(Set(rows.keys) == Set(batch.codes + other.codes))
                let redeemed = try #require(rows[batch.codes[0]])
                #expect(redeemed.hasPrefix("\(batch.codes[0]),https://daily.example.com/invites/\(batch.codes[0]),\(batch.batch),2,1,1,active,"),
                        "\(redeemed)")
                #expect(redeemed.contains(#","Winter beta, second wave",beta,"#), "a field with a comma is quoted: \(redeemed)")
                #expect(redeemed.hasSuffix(","), "revoked_at is empty: \(redeemed)")
                let plain = try #require(rows[other.codes[0]])
                #expect(plain.hasPrefix("\(other.codes[0]),https://daily.example.com/invites/\(other.codes[0]),\(other.batch),1,0,1,active,,,,"),
                        "\(plain)")
                // Newest first, like the JSON pages.
                #expect(lines.dropFirst().prefix(2).map { String($0.prefix(17)) } == other.codes.sorted())
            }
            let batchOnly = try await client.get("/v1/invites?format=csv&batch=\(other.batch)", headers: key)
            #expect(batchOnly.text.split(separator: "\n").count == 3, "\(batchOnly.text)")
        }
    }

    @Test("a note or campaign a spreadsheet would run as a formula is neutralized in the CSV", arguments: TestDatabase.all)
    func csvFormulas(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let notes = [#"=HYPERLINK(\"https://evil.example.net\", \"win\")"#, "+1+1", "-2+3", "@SUM(A1)"]
            var codes: [String: String] = [:]
            for note in notes {
                let code = try await client.createInvitation(#"{"count": 1, "note": "\#(note)", "campaign": "=cmd"}"#, key: key)
                codes[code] = note.replacingOccurrences(of: #"\""#, with: "\"")
            }
            let response = try await client.get("/v1/invites?format=csv", headers: key)
            #expect(response.status == .ok)
            for line in response.text.split(separator: "\n").dropFirst() {
                let fields = Self.csvFields(String(line))
                #expect(fields.count == 12, "\(line)")
                guard fields.count == 12, let note = codes[fields[0]] else { continue }
                #expect(fields[8] == "'" + note, "\(line)")
                #expect(fields[9] == "'=cmd", "\(line)")
                #expect(fields.allSatisfy { !["=", "+", "-", "@"].contains($0.first) }, "\(line)")
            }
        }
    }

    /// The fields of one RFC 4180 line (quotes removed and doubled quotes undone).
    static func csvFields(_ line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(line.trimmingCharacters(in: .init(charactersIn: "\r")))[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        field.append("\"")
                        characters = characters.dropFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }

    // MARK: read and revoke

    @Test("an invitation is read by its code in any case, with or without dashes; an unknown one is invite_unknown", arguments: ServerCases.all)
    func read(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let batch = try await client.createInvitations(#"{"count": 1, "uses": 3, "campaign": "beta"}"#, key: key)
            let code = try #require(batch.codes.first)
            let response = try await client.get("/v1/invites/\(code)", headers: key)
            #expect(response.status == .ok)
            let json = try response.json
            #expect(Set(json.keys) == Self.invitationMembers)
            #expect(json["code"] as? String == code)
            #expect(json["usesLeft"] as? Int == 3)
            #expect(json["campaign"] as? String == "beta")
            #expect(json["batch"] as? String == batch.batch)

            for spelling in [code.lowercased(), code.replacingOccurrences(of: "-", with: "")] {
                let again = try await client.get("/v1/invites/\(spelling)", headers: key)
                #expect(again.status == .ok, "\(spelling)")
                #expect(try again.json["code"] as? String == code)
            }
            _ = try await client.redeem(code)
            #expect(try await client.get("/v1/invites/\(code)", headers: key).json["usesLeft"] as? Int == 2)
            #expect(try await client.get("/v1/invites/\(code)", headers: key).json["redeemed"] as? Int == 1)

            try await client.get("/v1/invites/\(InvitationCodes.unknown(1))", headers: key).expectAPIError(.notFound, "invite_unknown")
        }
    }

    @Test("revoking an invitation stops it at once, and revoking it again keeps the first revokedAt", arguments: ServerCases.all)
    func revoke(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let code = try await client.createInvitation(#"{"count": 1, "uses": 5}"#, key: key)
            server.clock.set("2026-11-21T08:15:00Z")
            let revoked = try await client.execute("/v1/invites/\(code)/revoke", method: .post, headers: key)
            #expect(revoked.status == .ok, "\(revoked.text)")
            let json = try revoked.json
            #expect(Set(json.keys) == Self.invitationMembers)
            #expect(json["status"] as? String == "revoked")
            #expect(json["revokedAt"] as? String == "2026-11-21T08:15:00.000Z")
            #expect(json["usesLeft"] as? Int == 5)

            server.clock.advance(by: 3600)
            let again = try await client.execute("/v1/invites/\(code.lowercased())/revoke", method: .post, headers: key)
            #expect(again.status == .ok)
            #expect(try again.json["revokedAt"] as? String == "2026-11-21T08:15:00.000Z")
            #expect(try again.json["status"] as? String == "revoked")

            try await client.redeem(code).expectAPIError(.gone, "invite_revoked", field: "code")
            try await client.execute("/v1/invites/\(InvitationCodes.unknown(2))/revoke", method: .post, headers: key)
                .expectAPIError(.notFound, "invite_unknown")
        }
    }

    @Test("revoking a batch revokes those not yet revoked and says how many; again it says 0", arguments: ServerCases.all)
    func revokeBatch(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let batch = try await client.createInvitations(#"{"count": 4}"#, key: key)
            let spared = try await client.createInvitations(#"{"count": 1}"#, key: key)
            _ = try await client.execute("/v1/invites/\(batch.codes[0])/revoke", method: .post, headers: key)

            let response = try await client.execute("/v1/invites/revoke", method: .post, headers: key, body: #"{"batch": "\#(batch.batch)"}"#)
            #expect(response.status == .ok, "\(response.text)")
            #expect(try response.json as NSDictionary == ["revoked": 3] as NSDictionary)
            let again = try await client.execute("/v1/invites/revoke", method: .post, headers: key, body: #"{"batch": "\#(batch.batch)"}"#)
            #expect(try again.json["revoked"] as? Int == 0)
            let unknown = try await client.execute("/v1/invites/revoke", method: .post, headers: key,
                                                   body: #"{"batch": "01a1fd8c-6a3b-7d4a-8c3e-6f1b2a9d0e47"}"#)
            #expect(unknown.status == .ok)
            #expect(try unknown.json["revoked"] as? Int == 0)

            let listed = try await client.get("/v1/invites?batch=\(batch.batch)&status=revoked", headers: key)
            #expect((try listed.json["invitations"] as? [Any])?.count == 4)
            for code in batch.codes {
                try await client.redeem(code).expectAPIError(.gone, "invite_revoked")
            }
            #expect(try await client.redeem(try #require(spared.codes.first)).status == .ok)

            try await client.execute("/v1/invites/revoke", method: .post, headers: key, body: #"{}"#)
                .expectAPIError(.badRequest, "invalid_body", field: "batch")
            try await client.execute("/v1/invites/revoke", method: .post, headers: key, body: #"{"batch": "b", "all": true}"#)
                .expectAPIError(.badRequest, "invalid_body")
        }
    }

    // MARK: audit

    @Test("creating, redeeming and revoking are written to the audit log, newest first, client actions with a hashed address",
          arguments: ServerCases.all)
    func auditLog(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let batch = try await client.createInvitations(#"{"count": 2}"#, key: key)
            server.clock.advance(by: 1)
            #expect(try await client.redeem(batch.codes[0].lowercased(), from: "198.51.100.7").status == .ok)
            server.clock.advance(by: 1)
            _ = try await client.execute("/v1/invites/\(batch.codes[1])/revoke", method: .post, headers: key)
            server.clock.advance(by: 1)
            try await client.redeem(batch.codes[1], from: "198.51.100.7").expectAPIError(.gone, "invite_revoked")

            let response = try await client.get("/v1/invites/audit", headers: key)
            #expect(response.status == .ok, "\(response.text)")
            let entries = try #require(try response.json["entries"] as? [[String: Any]])
            #expect(entries.map { $0["action"] as? String } == ["refused", "revoked", "redeemed", "created"], "\(response.text)")
            for entry in entries {
                #expect(Set(entry.keys) == ["at", "action", "code", "reason", "addressHash"], "\(entry)")
            }
            let refused = try #require(entries.first)
            #expect(InvitationCodes.symbols(refused["code"]) == InvitationCodes.symbols(batch.codes[1]))
            #expect(refused["reason"] as? String == "revoked")
            #expect(refused["at"] as? String == "2026-11-20T17:00:03.000Z")
            let redeemed = entries[2]
            #expect(InvitationCodes.symbols(redeemed["code"]) == InvitationCodes.symbols(batch.codes[0]), "the code as entered, normalized")
            #expect(redeemed["reason"] is NSNull)
            let hash = try #require(redeemed["addressHash"] as? String)
            #expect(hash.count == 32 && hash.allSatisfy(\.isHexDigit) && hash == hash.lowercased(), "\(hash)")
            #expect(refused["addressHash"] as? String == hash, "one address, one day: one hash")
            #expect(!response.text.contains("198.51.100.7"), "the address itself is never stored")
            #expect(entries[1]["addressHash"] is NSNull)
            #expect(entries[3]["addressHash"] is NSNull)

            let limited = try await client.get("/v1/invites/audit?limit=2", headers: key)
            #expect((try limited.json["entries"] as? [[String: Any]])?.map { $0["action"] as? String } == ["refused", "revoked"])
            try await client.get("/v1/invites/audit?limit=0", headers: key).expectAPIError(.badRequest, "invalid_body", field: "limit")
        }
    }

    @Test("an audit entry writes a code that parses as the API writes codes, XXXXX-XXXXX-XXXXX, as the contract says")
    func auditCodesAreFormatted() async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let code = try await client.createInvitation(key: key)
            #expect(try await client.redeem(code.lowercased()).status == .ok)
            try await client.redeem(InvitationCodes.unknown(1)).expectAPIError(.notFound, "invite_unknown")
            let entries = try #require(try await client.get("/v1/invites/audit", headers: key).json["entries"] as? [[String: Any]])
            let codes = entries.filter { $0["action"] as? String != "created" }.compactMap { $0["code"] as? String }
            #expect(Set(codes.map { InvitationCodes.symbols($0) }) == [InvitationCodes.symbols(code), InvitationCodes.symbols(InvitationCodes.unknown(1))])
            #expect(codes.sorted() == [code, InvitationCodes.unknown(1)].sorted(), "\(codes)")
        }
    }
}
