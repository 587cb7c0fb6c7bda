import DoctorStandIns
import LandfallCLI
import Testing

/// `--sitemap`: a site's pages grouped by the rule that decides whether they open the app.
@Suite struct DoctorSitemapTests {
    /// The pages: one that opens the app, two the archive excludes, one no rule matches.
    static func pages(port: Int) -> [String] {
        ["/puzzle/2026-11-20", "/archive/2019", "/archive/2020", "/about"].map { "https://good.landfall.test:\(port)\($0)" }
    }

    /// The summary's lines under `sitemap pages for <app>`.
    func summary(_ transcript: DoctorTranscript) -> [String] {
        transcript.section("sitemap pages for \(DoctorSamples.appID)")?.lines ?? []
    }

    /// Checks the summary of ``pages(port:)``.
    func expectGroups(_ output: CommandOutput, port: Int) {
        let lines = summary(DoctorTranscript(output))
        #expect(output.status.rawValue == 0, "\(output.standardOutput)")
        #expect(lines.first == "  opens \(DoctorSamples.appID): 1 of 4 pages")
        let groups = lines.dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(groups == [
            "1 page open by applinks.details[0].components[1] `/puzzle/*` on good.landfall.test e.g. https://good.landfall.test:\(port)/puzzle/2026-11-20",
            "2 pages excluded by applinks.details[0].components[0] `/archive/*` on good.landfall.test e.g. "
                + "https://good.landfall.test:\(port)/archive/2019, https://good.landfall.test:\(port)/archive/2020",
            "1 page no rule matched on good.landfall.test e.g. https://good.landfall.test:\(port)/about",
        ], "\(lines)")
    }

    @Test func aLocalListOfURLsIsGroupedByTheDecidingRule() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["good.landfall.test"], reply: DoctorSamples.healthySite)
            let sitemap = try stage.file("pages.txt", Self.pages(port: server.port).joined(separator: "\n") + "\n")
            let output = await runLandfall(stage.doctor(["good.landfall.test:\(server.port)", "--sitemap", sitemap],
                                                        resolving: ["good.landfall.test"]))

            expectGroups(output, port: server.port)
            #expect(DoctorTranscript(output).check("Sitemap read", in: "sitemap")?.detail.hasPrefix("4 pages in ") == true)
        }
    }

    @Test func anXMLSitemapFromAServerIsGroupedByTheDecidingRule() async throws {
        try await DoctorStage.run { stage in
            let port = PortNumber()
            let server = try await stage.httpsServer(for: ["good.landfall.test"]) { request in
                switch request.path {
                case DoctorSamples.associationPath:
                    return .json(DoctorSamples.association)
                case "/sitemap.xml":
                    let entries = Self.pages(port: port.value).map { "  <url><loc>\($0)</loc></url>" }.joined(separator: "\n")
                    let xml = """
                        <?xml version="1.0" encoding="UTF-8"?>
                        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                        \(entries)
                        </urlset>
                        """
                    return .respond(status: 200, headers: [("Content-Type", "application/xml")], body: Array(xml.utf8))
                default:
                    return .respond(status: 404)
                }
            }
            port.value = server.port
            let sitemap = "https://good.landfall.test:\(server.port)/sitemap.xml"
            let output = await runLandfall(stage.doctor(["good.landfall.test:\(server.port)", "--sitemap", sitemap],
                                                        resolving: ["good.landfall.test"]))

            expectGroups(output, port: server.port)
            #expect(DoctorTranscript(output).check("Sitemap read", in: "sitemap")?.detail == "4 pages in \(sitemap)")
        }
    }
}
