import Foundation
import Hummingbird
import LandfallSite
import Testing
@testable import LandfallServer

/// The site's `static/` folder, served at `/static/` on the site host: the demo's images, the
/// headers a browser and a CDN cache by, and the files a site may not serve.
@Suite struct StaticFileTests {
    static let demoStatic = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples/demo/static")

    @Test("the demo's image is served with its type, an ETag, an hour's caching and nosniff; the ETag gets 304, HEAD no body",
          arguments: Transport.allCases)
    func theDemosImageIsServed(transport: Transport) async throws {
        let server = try await TestServer()
        let bytes = try Data(contentsOf: Self.demoStatic.appendingPathComponent("daily-puzzle.png"))
        try await server.run(transport) { client in
            let response = try await client.get("/static/daily-puzzle.png")
            #expect(response.status == .ok)
            #expect(response["Content-Type"] == "image/png")
            #expect(response["Cache-Control"] == "public, max-age=3600")
            #expect(response["X-Content-Type-Options"] == "nosniff")
            #expect(response.body == Array(bytes), "the file as it is in examples/demo/static")
            let etag = try #require(response["ETag"])
            #expect(etag.hasPrefix("\"") && etag.count == 34)

            let again = try await client.get("/static/daily-puzzle.png", headers: [.ifNoneMatch: "\"other\", \(etag)"])
            #expect(again.status == .notModified)
            #expect(again.body.isEmpty && again["ETag"] == etag)
            let weak = try await client.get("/static/daily-puzzle.png", headers: [.ifNoneMatch: "W/\(etag)"])
            #expect(weak.status == .notModified)

            let head = try await client.execute("/static/icon.png", method: .head)
            #expect(head.status == .ok && head.body.isEmpty)
            #expect(head["Content-Length"] == String(try Data(contentsOf: Self.demoStatic.appendingPathComponent("icon.png")).count))
        }
    }

    @Test("a path no file has is the site's not-found page, whatever it tries", arguments: [
        "/static/nothing.png", "/static/", "/static/../landfall.yml", "/static/%2e%2e/landfall.yml", "/static/design/icon.svg",
        "/static/daily-puzzle.png/more",
    ])
    func anUnknownPathIsNotFound(path: String) async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let response = try await client.get(path)
            #expect(response.status == .notFound || response.status == .badRequest, "\(path): \(response.status)")
            #expect(response["Content-Type"]?.hasPrefix("text/html") == true)
        }
    }

    @Test("a site's own folder: nested files, an SVG sandboxed by its Content-Security-Policy, hidden files left out, and og:image sized")
    func aSitesOwnFolderIsServed() async throws {
        let site = try TemporarySite(TemporarySite.configuration(routes: """
              - name: home
                pattern: /welcome
                page: {title: Welcome, image: /static/img/share.png}
            """))
        defer { site.remove() }
        let png = try Data(contentsOf: Self.demoStatic.appendingPathComponent("icon.png"))
        try site.directory.write("static/img/share.png", data: png)
        try site.write("static/logo.svg", #"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#)
        try site.write("static/.DS_Store", "junk")
        let server = try await TestServer(site: site.source)
        try await server.run(.router) { client in
            let image = try await client.get("/static/img/share.png", host: TemporarySite.host)
            #expect(image.status == .ok && image.body == Array(png))
            let svg = try await client.get("/static/logo.svg", host: TemporarySite.host)
            #expect(svg["Content-Type"] == "image/svg+xml")
            #expect(svg["Content-Security-Policy"] == "default-src 'none'; style-src 'unsafe-inline'; sandbox")
            #expect(try await client.get("/static/.DS_Store", host: TemporarySite.host).status == .notFound)

            let page = HTMLPage(try await client.get("/welcome", host: TemporarySite.host).text)
            #expect(page.meta("og:image") == "https://\(TemporarySite.host)/static/img/share.png")
            #expect(page.meta("og:image:width") == "256" && page.meta("og:image:height") == "256")
            #expect(page.meta("og:image:alt") == "Welcome")
        }
    }

    @Test("a static folder the server would not serve refuses the site's load, naming the file and why", arguments: [
        ("static/run.exe", 10, "the static folder serves only"),
        ("static/big.png", StaticFiles.maximumFileSize + 1, "is 5 MiB; a static file is at most 5 MiB"),
    ])
    func aFileItWouldNotServeRefusesTheLoad(path: String, size: Int, message: String) throws {
        let site = try TemporarySite(TemporarySite.configuration(routes: """
              - name: home
                pattern: /welcome
            """))
        defer { site.remove() }
        try site.directory.write(path, data: Data(count: size))
        #expect(throws: SiteLoadError.self) { try SiteLoader.load(site.source, now: Demo.noon) }
        do {
            _ = try SiteLoader.load(site.source, now: Demo.noon)
        } catch {
            #expect(error.description.contains(path) && error.description.contains(message), "\(error)")
        }
    }

    @Test("a symbolic link out of the static folder refuses the load; one inside it is served")
    func aLinkOutOfTheFolderRefusesTheLoad() throws {
        let site = try TemporarySite(TemporarySite.configuration(routes: """
              - name: home
                pattern: /welcome
            """))
        defer { site.remove() }
        try site.directory.write("static/a.txt", "inside")
        let folder = site.directory.url.appendingPathComponent("static")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b.txt").path, withDestinationPath: "a.txt")
        let loaded = try SiteLoader.load(site.source, now: Demo.noon)
        #expect(loaded.staticFiles.file(at: "b.txt")?.bytes.readableBytes == 6)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("c.txt").path,
                                                   withDestinationPath: site.configurationPath)
        do {
            _ = try SiteLoader.load(site.source, now: Demo.noon)
            Issue.record("a link to landfall.yml was loaded")
        } catch {
            #expect(error.description.contains("c.txt: a link to") && error.description.contains("outside the static folder"), "\(error)")
        }
    }
}
