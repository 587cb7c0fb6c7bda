import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// Many clients asking for the same custom slug at once: exactly one gets it.
@Suite struct SlugRaceTests {
    @Test("50 concurrent creations of one custom slug over HTTP give exactly one 201 and 49 409s", arguments: TestDatabase.all)
    func oneWins(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.live) { client in
            let statuses = try await withThrowingTaskGroup(of: (Int, HTTPResponse.Status, String?).self) { group in
                for index in 0..<50 {
                    group.addTask {
                        try await client.onNewConnection { connection in
                            let response = try await connection.send(
                                #"{"target": "https://daily.example.com/puzzle/2026-11-20?racer=\#(index)", "slug": "contested"}"#, key: key)
                            return (index, response.status, response.errorCode)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let winners = statuses.filter { $0.1 == .created }
            #expect(winners.count == 1, "\(statuses.map { "\($0.0): \($0.1.code)" })")
            let losers = statuses.filter { $0.1 == .conflict && $0.2 == "slug_taken" }
            #expect(losers.count == 49, "\(statuses.filter { $0.1 != .created && $0.1 != .conflict }.map { "\($0.0): \($0.1)" })")

            let stored = try await client.allLinks(key: key)
            #expect(stored.count == 1)
            let winner = try #require(winners.first).0
            #expect(stored.first?["target"] as? String == "https://daily.example.com/puzzle/2026-11-20?racer=\(winner)")
            let followed = try await client.visit("contested", as: Visitors.desktop)
            #expect(followed["Location"] == "https://daily.example.com/puzzle/2026-11-20?racer=\(winner)")
        }
    }
}
