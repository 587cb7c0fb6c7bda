import Foundation
import Hummingbird
import LandfallLinks
import Testing
@testable import LandfallServer

/// A short link's life through the API and the link host, on both databases and both transports.
@Suite struct ShortLinkJourneyTests {
    static let cases: [(Transport, TestDatabase)] = Transport.allCases.flatMap { transport in TestDatabase.all.map { (transport, $0) } }

    @Test("a link is created, followed by each kind of visitor, counted, disabled and deleted", arguments: cases)
    func aLinkLivesAndDies(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let created = try await client.execute("/v1/links", method: .post, headers: key, body: """
                {"target": "https://daily.example.com/puzzle/2026-11-20", "slug": "friday",
                 "campaign": {"source": "newsletter"}, "preview": {"title": "Friday's puzzle"}}
                """)
            #expect(created.status == .created, "\(created.text)")
            let link = try created.json
            let id = try #require(link["id"] as? String)
            #expect(link["url"] as? String == "https://go.daily.example.com/friday")
            #expect(created["Location"] == "/v1/links/\(id)")

            let desktop = try await client.get("/friday", host: Demo.links, headers: [.userAgent: Visitors.desktop, .referer: "https://news.example.org/story"])
            #expect(desktop.status == .found)
            #expect(desktop["Location"] == "https://daily.example.com/puzzle/2026-11-20")

            let phone = try await client.get("/friday", host: Demo.links, headers: [.userAgent: Visitors.iPhone])
            #expect(phone.status == .ok)
            #expect(phone["Location"] == nil)
            #expect(phone.text.contains("Friday&#39;s puzzle") || phone.text.contains("Friday's puzzle"))
            #expect(phone.text.contains("id=\"open-in-app\""))

            let preview = try await client.get("/friday", host: Demo.links, headers: [.userAgent: Visitors.messages])
            #expect(preview.status == .ok)
            #expect(preview.text.contains("og:title"))

            // Clicks are buffered; the statistics include this instance's buffer.
            let stats = try await client.get("/v1/links/\(id)/stats", headers: key)
            #expect(stats.status == .ok)
            let numbers = try stats.json
            #expect(numbers["clicks"] as? Int == 2)
            #expect(numbers["previews"] as? Int == 1)

            let disabled = try await client.execute("/v1/links/\(id)/disable", method: .post, headers: key)
            #expect(disabled.status == .ok)
            let gone = try await client.get("/friday", host: Demo.links, headers: [.userAgent: Visitors.desktop])
            #expect(gone.status == .gone)

            let deleted = try await client.execute("/v1/links/\(id)", method: .delete, headers: key)
            #expect(deleted.status == .noContent)
            let unknown = try await client.get("/friday", host: Demo.links, headers: [.userAgent: Visitors.desktop])
            #expect(unknown.status == .notFound)
        }
    }
}
