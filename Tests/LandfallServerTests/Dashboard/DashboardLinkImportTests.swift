import Foundation
import HTTPTypes
import LandfallLinks
@testable import LandfallServer
import LandfallStorage
import Testing

/// The dashboard's CSV import: the rows checked as `landfall links import` checks them, a
/// report of each by its line, and the person's choice of what becomes of the good rows when
/// one is refused.
@Suite struct DashboardLinkImportTests {
    /// Three links, the second refused (a destination off the allowlist), the fourth too (a slug taken).
    static let csv = """
        target,slug,title,maxClicks
        https://daily.example.com/puzzle/2026-11-20,import-one,First,
        https://evil.example.net/,import-two,Second,
        https://daily.example.com/leagues/winter,,"Third, quoted",50
        https://daily.example.com/,friday,Fourth,
        """

    @Test("the import creates the good rows and reports the bad ones with their line numbers", arguments: ServerCases.all)
    func goodRowsAreCreated(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let storage = server.parts.storage
        let before = try await storage.linkCount()
        try await server.run(transport) { client in
            var browser = try await DashboardLinkFormTests.signedIn(client)
            let page = try await browser.get("/links/import")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<textarea id="csv" name="csv""#) && page.text.contains(#"<input type="file" id="csv-file" accept=".csv,text/csv,.json,application/json""#))
            let answer = try await browser.post("/links/import", [("csv", Self.csv)])
            #expect(answer.status == .ok)
            let report = try #require(Self.report(in: answer.text))
            #expect(report.count == 4)
            #expect(report[0].contains("Row 2") && report[0].contains("created") && report[0].contains("go.daily.example.com/import-one"))
            #expect(report[1].contains("Row 3") && report[1].contains("refused") && report[1].contains("target: ") && report[1].contains("evil.example.net"))
            #expect(report[2].contains("Row 4") && report[2].contains("created"))
            #expect(report[3].contains("Row 5") && report[3].contains("refused") && report[3].contains("slug: The slug &#39;friday&#39; is already used"))
            #expect(answer.text.contains("Created 2 links; 2 rows are refused"))
            #expect(try await storage.linkCount() == before + 2)
            let first = try #require(try await storage.link(host: Demo.links, slug: "import-one"))
            #expect(first.preview.title == "First")
            #expect(try await storage.link(host: Demo.links, slug: "import-two") == nil)
            let entry = try #require(try await storage.dashboardAudit(limit: 1).first)
            #expect(entry.action == "links.imported" && entry.subject == "2 links from CSV, 2 rows refused")
            #expect(entry.after?.contains("https://go.daily.example.com/import-one") == true)
        }
    }

    @Test("all or nothing creates nothing when a row is refused, and checking only creates nothing", arguments: [
        ("all", "Created nothing: 2 of 4 rows are refused"), ("check", "Checked only: 2 of 4 rows would be created"),
    ])
    func allOrNothingAndCheck(mode: String, summary: String) async throws {
        let server = try await DashboardCases.server()
        let before = try await server.parts.storage.linkCount()
        try await server.run(.router) { client in
            var browser = try await DashboardLinkFormTests.signedIn(client)
            _ = try await browser.get("/links/import")
            let answer = try await browser.post("/links/import", [("csv", Self.csv), ("mode", mode)])
            #expect(answer.status == .unprocessableContent)
            #expect(answer.text.contains(summary), "\(answer.text)")
            #expect(try #require(Self.report(in: answer.text)).count == 4)
            #expect(answer.text.contains(#"value="\#(mode)" checked"#))
            #expect(try await server.parts.storage.linkCount() == before)
        }
    }

    @Test("a Firebase export pasted is read as one, names the columns it does not keep and each row's old link; pasted again, every row is unchanged")
    func aFirebaseExportIsImportedOnce() async throws {
        let server = try await DashboardCases.server()
        let takeout = try String(contentsOf: LinkImportAPITests.takeout, encoding: .utf8)
        try await server.run(.router) { client in
            var browser = try await DashboardLinkFormTests.signedIn(client)
            _ = try await browser.get("/links/import")
            let answer = try await browser.post("/links/import", [("csv", takeout)])
            #expect(answer.status == .ok)
            #expect(answer.text.contains("Read as: Firebase Dynamic Links export (Google Takeout CSV)."))
            #expect(answer.text.contains(#"<li>apn (com.example.dailypuzzle in 3 rows); ibi (com.example.dailypuzzle in 3 rows); isi (1234567890 in 2 rows) are not imported"#))
            let report = try #require(Self.report(in: answer.text))
            #expect(report.count == 3)
            #expect(report[0].contains("Row 2") && report[0].contains("created") && report[0].contains("was https://daily.page.link/fRiDaY"))
            #expect(answer.text.contains("Created 3 links."))
            let entry = try #require(try await server.parts.storage.dashboardAudit(limit: 1).first)
            #expect(entry.subject == "3 links from a Firebase export")

            let again = try await browser.post("/links/import", [("csv", takeout)])
            #expect(again.status == .ok)
            #expect(again.text.contains("Created no link: all 3 rows were there already, unchanged."), "\(again.text)")
            #expect(try #require(Self.report(in: again.text)).allSatisfy { $0.contains(">unchanged<") })
        }
    }

    @Test("a text that cannot be imported is refused next to the text box, the text kept", arguments: [
        ("", "Paste the links here"),
        ("target,slugg\nhttps://daily.example.com/,x\n", "did you mean &#39;slug&#39;?"),
        ("slug\nabc\n", "the header has no target column"),
        ("target\n", "There are no rows under the header"),
        ("target\n\"unclosed\n", "Line"),
    ])
    func unreadableText(csv: String, message: String) async throws {
        let server = try await DashboardCases.server()
        try await server.run(.router) { client in
            var browser = try await DashboardLinkFormTests.signedIn(client)
            _ = try await browser.get("/links/import")
            let answer = try await browser.post("/links/import", [("csv", csv)])
            #expect(answer.status == .unprocessableContent)
            let error = try #require(DashboardLinkFormTests.fieldError("csv", in: answer.text), "\(answer.text)")
            #expect(error.localizedCaseInsensitiveContains(message), "\(error)")
            #expect(answer.text.contains(#"aria-invalid="true""#))
        }
    }

    @Test("an import of a megabyte is read; one over the import's limit is 413 saying so")
    func sizeLimit() async throws {
        let server = try await DashboardCases.server()
        try await server.run(.router) { client in
            var browser = try await DashboardLinkFormTests.signedIn(client)
            _ = try await browser.get("/links/import")
            let rows = (1...9_000).map { "https://daily.example.com/puzzle/2026-11-20?n=\($0),,\(String(repeating: "t", count: 60))" }
            let big = "target,slug,title\n" + rows.joined(separator: "\n")
            #expect(big.utf8.count > 1_000_000)
            let answer = try await browser.post("/links/import", [("csv", big), ("mode", "check")])
            #expect(answer.status == .ok, "\(answer.text.prefix(300))")
            #expect(answer.text.contains("9000 of 9000 rows would be created"))
            let tooBig = try await browser.post("/links/import", [("csv", String(repeating: "x", count: LinkImportRoutes.maximumSize + 1))])
            #expect(tooBig.status == .contentTooLarge)
            #expect(tooBig.text.contains("The CSV is larger than one import takes"))
        }
    }

    @Test("only a signed-in editor may send an import larger than a form: anyone else is refused at 64 KiB", arguments: [
        DashboardRole?.none, .viewer,
    ])
    func largeBodiesOnlyForEditors(role: DashboardRole?) async throws {
        let server = try await DashboardCases.server()
        if let role { try await server.parts.storage.insert(await DashboardCases.person(role, email: "vi@daily.example.com", name: "Vi")) }
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            if role != nil { try await browser.signIn(email: "vi@daily.example.com", password: DashboardCases.password) }
            let answer = try await browser.post("/links/import", [("csv", String(repeating: "x", count: DashboardForm.maximumSize + 1))])
            #expect(answer.status == .contentTooLarge)
            #expect(answer.text.contains("The form is larger than the dashboard accepts."))
        }
    }

    /// The rows of `#import-report`'s body, as HTML.
    static func report(in html: String) -> [String]? {
        guard let table = html.range(of: #"id="import-report""#), let body = html[table.upperBound...].range(of: "<tbody>"),
              let end = html[body.upperBound...].range(of: "</tbody>") else { return nil }
        return html[body.upperBound..<end.lowerBound].components(separatedBy: "</tr>").dropLast().map { $0 }
    }
}
