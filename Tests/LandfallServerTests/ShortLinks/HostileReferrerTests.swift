import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// A click's `Referer` is written by whoever sends it: statistics keep its host only when it
/// is one (``ReferrerHost``), never a decoded `<script>` or control characters.
@Suite struct HostileReferrerTests {
    @Test("hostile Referer headers are counted as clicks without a referrer", arguments: ServerCases.all)
    func hostileReferersAreCountedWithoutAReferrer(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(slug: "referred", key: key)
            let hostile = [
                "http://%3Cscript%3Ealert(1)%3C%2Fscript%3E/",
                "http://evil\u{1B}]0;pwned\u{07}.example/",
                "http://a%0D%0Ab.example/",
            ]
            for referer in hostile {
                #expect(try await client.visit("referred", as: Visitors.desktop, headers: [.referer: referer]).status == .found)
            }
            #expect(try await client.visit("referred", as: Visitors.desktop, headers: [.referer: "https://News.Example.org/x"]).status == .found)
            let stats = try await client.stats(of: link.id, key: key)
            #expect(stats["clicks"] as? Int == 4)
            #expect(LinksAPITests.buckets(stats["byReferrer"]) == [": 3", "news.example.org: 1"])
        }
    }
}
