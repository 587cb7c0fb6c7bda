import Foundation
import Hummingbird
import LandfallLinks
import Testing
@testable import LandfallServer

/// A site with several link hosts (`hosts.links` as a list): each has its own slugs and serves
/// the link hosts' association files, one may ignore the case of slugs, the API, `/v1/resolve`
/// and the import name a link's host, and a reload adds a host.
@Suite(.timeLimit(.minutes(10))) struct SeveralLinkHostsTests {
    static let main = TemporarySite.linkHost
    static let print = "print.puzzles-links.net"
    static let market = "go.puzzles.example.co.uk"
    static let routes = """
          - name: puzzle
            pattern: /puzzle/:date
            parameters: {date: day}
            page: {title: "Puzzle for {date}"}
        """

    static func configuration(linkHosts: String) -> String {
        TemporarySite.configuration(linkHost: linkHosts, routes: routes)
    }

    static let threeHosts = configuration(linkHosts: "[\(main), {host: \(print), caseInsensitiveSlugs: true}, \(market)]")

    static func puzzle(_ day: String) -> String { "https://\(TemporarySite.host)/puzzle/\(day)" }

    @Test("one slug on three link hosts is three links; the host whose slugs ignore case opens its link however the slug is written",
          arguments: ServerCases.all)
    func eachLinkHostHasItsOwnSlugs(transport: Transport, database: TestDatabase) async throws {
        let site = try TemporarySite(Self.threeHosts)
        defer { site.remove() }
        let server = try await TestServer(site: site.source, database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let onMain = try await client.createLink(#"{"target": "\#(Self.puzzle("2026-11-20"))", "slug": "Today"}"#, host: TemporarySite.host, key: key)
            #expect(onMain.json["url"] as? String == "https://\(Self.main)/Today", "a link that names no host is on the first")
            let onPrint = try await client.createLink(#"{"target": "\#(Self.puzzle("2026-11-21"))", "slug": "Today", "host": "PRINT.puzzles-links.net"}"#, host: TemporarySite.host, key: key)
            #expect(onPrint.json["url"] as? String == "https://\(Self.print)/today", "stored in lower case where slugs ignore case")
            #expect(onPrint.json["host"] as? String == Self.print)
            let onMarket = try await client.createLink(#"{"target": "\#(Self.puzzle("2026-11-22"))", "slug": "Today", "host": "\#(Self.market)"}"#, host: TemporarySite.host, key: key)
            #expect(onMarket.json["url"] as? String == "https://\(Self.market)/Today")

            let visits: [(host: String, slug: String, location: String?)] = [
                (Self.main, "Today", Self.puzzle("2026-11-20")),
                (Self.main, "today", nil),
                (Self.print, "today", Self.puzzle("2026-11-21")),
                (Self.print, "TODAY", Self.puzzle("2026-11-21")),
                (Self.print, "ToDay", Self.puzzle("2026-11-21")),
                (Self.market, "Today", Self.puzzle("2026-11-22")),
                (Self.market, "TODAY", nil),
            ]
            for visit in visits {
                let response = try await client.visit(visit.slug, as: Visitors.desktop, host: visit.host)
                if let location = visit.location {
                    #expect(response.status == .found && response["Location"] == location, "\(visit.host)/\(visit.slug)")
                } else {
                    #expect(response.status == .notFound, "\(visit.host)/\(visit.slug)")
                }
            }

            let taken = try await client.send(#"{"target": "\#(Self.puzzle("2026-11-23"))", "slug": "TODAY", "host": "\#(Self.print)"}"#, host: TemporarySite.host, key: key)
            #expect(taken.status == .conflict, "\(taken.text)")
            #expect(taken.text.contains("slug_taken"))
            let elsewhere = try await client.send(#"{"target": "\#(Self.puzzle("2026-11-23"))", "host": "go.example.org"}"#, host: TemporarySite.host, key: key)
            #expect(elsewhere.status == .badRequest)
            #expect(try elsewhere.json["error"].flatMap { ($0 as? [String: Any])?["message"] as? String }
                == "'go.example.org' is not a link host of this site; use one of \(Self.main), \(Self.print), \(Self.market) (or leave host out for \(Self.main)).")

            let resolved = try await client.get("/v1/resolve?url=" + "https://\(Self.print)/ToDay".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                                                host: TemporarySite.host)
            #expect(resolved.status == .ok, "\(resolved.text)")
            #expect(try resolved.json["deepLink"] as? String == Self.puzzle("2026-11-21"))
            let listed = try await client.execute("/v1/links?host=\(Self.market)", host: TemporarySite.host, headers: key)
            #expect((try listed.json["links"] as? [[String: Any]])?.map { $0["url"] as? String } == ["https://\(Self.market)/Today"])
        }
    }

    @Test("every link host serves the link hosts' association files, the same bytes; the site host serves the site's",
          arguments: Transport.allCases)
    func everyLinkHostServesTheLinkHostsAssociationFiles(transport: Transport) async throws {
        let site = try TemporarySite(Self.threeHosts)
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        try await server.run(transport) { client in
            for path in ["/.well-known/apple-app-site-association", "/.well-known/assetlinks.json"] {
                var files: [ServedResponse] = []
                for host in [Self.main, Self.print, Self.market] { files.append(try await client.get(path, host: host)) }
                #expect(files.allSatisfy { $0.status == .ok }, "\(path)")
                #expect(Set(files.map(\.text)).count == 1, "\(path): one file for every link host")
                #expect(files[0].text.contains("short links"), "\(path)")
                let siteFile = try await client.get(path, host: TemporarySite.host)
                #expect(siteFile.text != files[0].text, "\(path): the site host's own")
            }
        }
    }

    @Test("a reload adds a link host: before, it is not the site's; after, it serves the association files and its links")
    func aReloadAddsALinkHost() async throws {
        let site = try TemporarySite(Self.configuration(linkHosts: Self.main))
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        let key = try await server.authorization()
        try await server.run(.live) { client in
            let refused = try await client.send(#"{"target": "\#(Self.puzzle("2026-11-20"))", "slug": "london", "host": "\#(Self.market)"}"#, host: TemporarySite.host, key: key)
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("'\(Self.market)' is not a link host of this site; use \(Self.main)"), "\(refused.text)")
            #expect(try await client.get("/.well-known/apple-app-site-association", host: Self.market).status == .notFound)

            try site.write("landfall.yml", Self.configuration(linkHosts: "[\(Self.main), \(Self.market)]"))
            let loaded = try server.parts.sites.reload()
            #expect(loaded.configuration.hosts.linkHosts.map(\.name) == [Self.main, Self.market])

            #expect(try await client.get("/.well-known/apple-app-site-association", host: Self.market).status == .ok)
            let link = try await client.createLink(#"{"target": "\#(Self.puzzle("2026-11-20"))", "slug": "london", "host": "\#(Self.market)"}"#, host: TemporarySite.host, key: key)
            #expect(link.json["url"] as? String == "https://\(Self.market)/london")
            let visit = try await client.visit("london", as: Visitors.desktop, host: Self.market)
            #expect(visit.status == .found && visit["Location"] == Self.puzzle("2026-11-20"))
            #expect(try await client.visit("london", as: Visitors.desktop, host: Self.main).status == .notFound)
        }
    }

    @Test("a host that starts ignoring case still opens its older mixed-case links as written, and a warning names them",
          arguments: TestDatabase.all)
    func aHostThatStartsIgnoringCaseWarnsOfOlderCapitals(database: TestDatabase) async throws {
        let site = try TemporarySite(Self.configuration(linkHosts: "[\(Self.main), \(Self.print)]"))
        defer { site.remove() }
        let server = try await TestServer(site: site.source, database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            _ = try await client.createLink(#"{"target": "\#(Self.puzzle("2026-11-20"))", "slug": "Poster", "host": "\#(Self.print)"}"#, host: TemporarySite.host, key: key)
            _ = try await client.createLink(#"{"target": "\#(Self.puzzle("2026-11-21"))", "slug": "flyer", "host": "\#(Self.print)"}"#, host: TemporarySite.host, key: key)
            _ = try await client.createLink(#"{"target": "\#(Self.puzzle("2026-11-22"))", "slug": "Banner"}"#, host: TemporarySite.host, key: key)
            try site.write("landfall.yml", Self.configuration(linkHosts: "[\(Self.main), {host: \(Self.print), caseInsensitiveSlugs: true}]"))
            let loaded = try server.parts.sites.reload()

            #expect(try await client.visit("Poster", as: Visitors.desktop, host: Self.print).status == .found)
            #expect(try await client.visit("FLYER", as: Visitors.desktop, host: Self.print).status == .found)
            #expect(try await client.visit("poster", as: Visitors.desktop, host: Self.print).status == .notFound,
                    "made with capitals before: it opens as written only")

            let log = LogCapture()
            await LinkHostCaseCheck.warn(hosts: loaded.configuration.hosts, storage: server.parts.storage, logger: log.logger())
            let warnings = log.lines.filter { $0.level == .warning }
            #expect(warnings.count == 1, "\(log.lines)")
            #expect(warnings.first?["host"] == Self.print && warnings.first?["links"] == "1" && warnings.first?["slugs"] == "Poster",
                    "only the host that ignores case, and only its slug with capitals")
        }
    }

    @Test("a Takeout export of two prefixes puts each link on its old host when the site has it, else on the first with a note",
          arguments: TestDatabase.all)
    func anImportKeepsEachPrefixsHost(database: TestDatabase) async throws {
        let site = try TemporarySite(Self.threeHosts)
        defer { site.remove() }
        let server = try await TestServer(site: site.source, database: database)
        var csv = try await server.authorization()
        csv[.contentType] = "text/csv"
        let headers = csv
        let export = """
            short_link,link,name
            https://\(Self.market)/Spring,\(Self.puzzle("2026-03-20")),
            https://\(Self.print)/Poster,\(Self.puzzle("2026-03-21")),
            https://puzzles.page.link/old,\(Self.puzzle("2026-03-22")),
            https://links.example.org/other,\(Self.puzzle("2026-03-23")),

            """
        try await server.run(.router) { client in
            let response = try await client.execute("/v1/links/import", method: .post, host: TemporarySite.host, headers: headers, body: export)
            #expect(response.status == .ok, "\(response.text)")
            let rows = try #require(try response.json["rows"] as? [[String: Any]])
            #expect(rows.map { $0["url"] as? String } == [
                "https://\(Self.market)/Spring", "https://\(Self.print)/poster", "https://\(Self.main)/old", "https://\(Self.main)/other",
            ])
            #expect(rows.allSatisfy { $0["notes"] == nil })
            let files = try #require(try response.json["files"] as? [[String: Any]])
            #expect(files.first?["notes"] as? [String] == [
                "puzzles.page.link: its link moves to \(Self.main) (page.link domains are Google's, and stopped answering when Firebase Dynamic Links shut down).",
                "links.example.org: its link moves to \(Self.main) (to keep the old addresses, add links.example.org to hosts.links and point its DNS here).",
            ])
            let poster = try await client.visit("POSTER", as: Visitors.desktop, host: Self.print)
            #expect(poster.status == .found && poster["Location"] == Self.puzzle("2026-03-21"))
        }
    }
}
