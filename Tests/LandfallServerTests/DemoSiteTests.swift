import Foundation
import LandfallSite
import Testing
@testable import LandfallServer

/// The demo `landfall serve` carries in its binary is `examples/demo/` as it is in the
/// repository, and it is a clean site.
@Suite struct DemoSiteTests {
    /// The repository root (this file is `Tests/LandfallServerTests/DemoSiteTests.swift`).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `examples/demo/`.
    static let demoDirectory = repositoryRoot.appendingPathComponent("examples/demo")

    /// The files under `examples/demo/`, by path relative to it, as bytes.
    static func filesOnDisk() throws -> [String: [UInt8]] {
        let base = demoDirectory.standardizedFileURL.path
        let enumerator = try #require(FileManager.default.enumerator(atPath: base))
        var files: [String: [UInt8]] = [:]
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = base + "/" + relative
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let data = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
            files[relative] = Array(data)
        }
        return files
    }

    @Test("the demo in the binary is examples/demo/ byte for byte: its text files as text, static/ in Base64, design/ left out")
    func embeddedDemoMatchesTheRepository() throws {
        let everything = try Self.filesOnDisk().filter { !$0.key.hasPrefix("design/") }
        let onDisk = everything.filter { !$0.key.hasPrefix("static/") }
        let images = everything.filter { $0.key.hasPrefix("static/") }
        #expect(Set(DemoSite.binaryFiles.keys) == Set(images.keys))
        for (path, bytes) in images.sorted(by: { $0.key < $1.key }) {
            let embedded = DemoSite.binaryFiles[path].flatMap { Data(base64Encoded: $0, options: .ignoreUnknownCharacters) }
            #expect(embedded.map(Array.init) == bytes, "run scripts/embed-demo: \(path) differs")
        }
        let hint = "the demo in the binary differs from examples/demo/; run scripts/embed-demo and commit Sources/LandfallServer/Demo/DemoSite+Files.swift"
        #expect(onDisk.count >= 3, "examples/demo/ looks empty at \(Self.demoDirectory.path)")
        #expect(Set(DemoSite.files.keys) == Set(onDisk.keys),
                "\(hint): only in examples/demo/: \(Set(onDisk.keys).subtracting(DemoSite.files.keys).sorted()); only in the binary: \(Set(DemoSite.files.keys).subtracting(onDisk.keys).sorted())")
        for (path, bytes) in onDisk.sorted(by: { $0.key < $1.key }) {
            guard let embedded = DemoSite.files[path] else { continue }
            #expect(Array(embedded.utf8) == bytes, "\(hint): \(path) differs")
        }
    }

    @Test("the demo's configuration checks clean, as `landfall config check examples/demo/landfall.yml` does")
    func demoConfigurationIsClean() throws {
        let path = Self.demoDirectory.appendingPathComponent("landfall.yml").path
        let yaml = try String(contentsOfFile: path, encoding: .utf8)
        let check = SiteConfigurationReader.check(yaml: yaml, source: path)
        #expect(check.issues.isEmpty, "\(check.issues.map { $0.description(in: path) })")
        #expect(check.site != nil)
    }

    @Test("the demo loads, from the binary and from examples/demo/, with every route's template and content")
    func demoLoads() throws {
        let embedded = try SiteLoader.load(.demo, now: Demo.noon)
        let onDisk = try SiteLoader.load(.file(Self.demoDirectory.appendingPathComponent("landfall.yml").path), now: Demo.noon)
        for loaded in [embedded, onDisk] {
            #expect(loaded.configuration.routes.map(\.name) == ["today", "puzzle", "invite", "article", "archive"])
            #expect(loaded.appleAssociation != nil && loaded.assetLinks != nil)
            for route in loaded.configuration.routes {
                #expect(loaded.templates.getTemplate(named: route.page.template) != nil, "route \(route.name)")
            }
            #expect(loaded.content.keys(in: "puzzle").count == 8)
            #expect(loaded.content.keys(in: "news") == ["news/new-puzzle-types", "news/winter-league"])
        }
        #expect(embedded.appleAssociation?.etag == onDisk.appleAssociation?.etag)
        #expect(embedded.assetLinks?.etag == onDisk.assetLinks?.etag)
    }

    @Test("every address `landfall serve` suggests trying answers as it says", arguments: Transport.allCases)
    func suggestedAddressesAnswer(transport: Transport) async throws {
        let server = try await TestServer { $0.seedsDemoLinks = true }
        try await server.run(transport) { client in
            let port = client.port ?? 8080
            let addresses = DemoSite.addressesToTry(base: "http://localhost:\(port)", interstitialBase: "http://127.0.0.1:\(port)",
                                                    linksBase: "http://go.localhost:\(port)")
            for (label, text) in addresses {
                for address in text.split(separator: " ").map(String.init) {
                    let url = try #require(URL(string: address), "\(address)")
                    let host = try #require(url.host).appending(url.port.map { ":\($0)" } ?? "")
                    let response = try await client.get(url.path, host: host)
                    let expected: Int = switch label {
                    case _ where label.contains("not yet available"), _ where label.contains("unknown address"): 404
                    case _ where label.contains("Open in the app"): 302
                    case _ where label.contains("short link"): 302
                    case _ where label.contains("bridge"): 302  // asked without a phone's user agent
                    default: 200
                    }
                    #expect(response.status.code == expected, "\(label): \(address)")
                }
            }
        }
    }

    @Test func theDemosShortLinksAreValidLinksOfTheDemo() throws {
        let site = try SiteLoader.load(.demo, now: Demo.noon).site
        let drafts = try DemoSite.linkDrafts
        #expect(drafts.count >= 3)
        for draft in drafts {
            let slug = try #require(draft.slug, "every demo link has a custom slug")
            #expect(site.configuration.slugPolicy.refusal(for: slug) == nil, "\(slug)")
            for (field, url) in draft.urlFields where field != "preview.imageURL" {
                #expect(throws: Never.self, "\(slug).\(field)") { try site.configuration.destinationPolicy.destination(url) }
            }
        }
    }

    @Test("the demo's short links are there at the first start, and a newcomer's browser follows them", arguments: Transport.allCases)
    func theDemoHasWorkingShortLinks(transport: Transport) async throws {
        let server = try await TestServer { $0.seedsDemoLinks = true }
        try await server.run(transport) { client in
            let port = client.port.map { ":\($0)" } ?? ""
            let desktop = try await client.get("/friday", host: "go.localhost\(port)", headers: [.userAgent: Visitors.desktop])
            #expect(desktop.status == .found)
            #expect(desktop["Location"] == "http://localhost\(port)/puzzle/2026-11-20")
            let phone = try await client.get("/newyear", host: "go.localhost\(port)", headers: [.userAgent: Visitors.iPhone])
            #expect(phone.status == .ok)
            #expect(!phone.text.contains(Demo.embargoedThemes["2027-01-01"] ?? "?"), "the preview of a future puzzle spoils it")
        }
    }
}
