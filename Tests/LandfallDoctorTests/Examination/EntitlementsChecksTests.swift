import AppSiteAssociation
import Foundation
import Testing
import LandfallDoctor

/// `--entitlements FILE`: the entries well-formed, the `applinks:` hosts to check, and each
/// target host claimed by the app.
@Suite struct EntitlementsChecksTests {
    /// `Tests/AppSiteAssociationTests/Fixtures/entitlements/`, read from the source tree.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Examination
        .deletingLastPathComponent()  // LandfallDoctorTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("AppSiteAssociationTests/Fixtures/entitlements")

    static func fixture(_ name: String) throws -> EntitlementsFile {
        try EntitlementsFile(contentsOf: fixtures.appendingPathComponent(name))
    }

    static func checks(_ name: String, targets: [String]) throws -> [DoctorCheck] {
        EntitlementsChecks.checks(for: try fixture(name), named: name, targets: targets)
    }

    static func plist(_ entries: [String]) -> EntitlementsFile {
        let strings = entries.map { "<string>\($0)</string>" }.joined()
        return EntitlementsFile(data: Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key><array>\(strings)</array></dict></plist>
            """.utf8))
    }

    // MARK: - The fixtures

    @Test func aValidFileListsItsAppLinksHostsWithTheWildcardAndDeveloperNotes() throws {
        let checks = try Self.checks("valid.entitlements", targets: ["example.com"])
        #expect(checks.map(\.id) == ["entitlements.entries", "entitlements.applinks"])
        #expect(checks.map(\.status) == [.pass, .pass])

        let entries = checks[0]
        #expect(entries.title == "Associated-domains entries well-formed")
        #expect(entries.detail == "5 entries in valid.entitlements, all well-formed")
        #expect(entries.notes.isEmpty)
        #expect(entries.fix == nil)

        let appLinks = checks[1]
        #expect(appLinks.detail == "checking example.com, links.example.org")
        #expect(appLinks.notes == [
            "applinks:example.com",
            "applinks:*.example.com  (its subdomains use the file at example.com)",
            "applinks:links.example.org?mode=developer",
            "?mode=developer: development builds fetch the file from the origin directly, not from Apple's CDN",
        ])
    }

    @Test func mistakesFailWithEveryDiagnosticAndItsFixInTheNotes() throws {
        let file = try Self.fixture("mistakes.entitlements")
        let checks = try Self.checks("mistakes.entitlements", targets: [])
        let entries = try #require(checks.first { $0.id == "entitlements.entries" })
        let errors = file.diagnostics.filter { $0.severity == .error }.count
        let warnings = file.diagnostics.filter { $0.severity == .warning }.count
        #expect(errors > 0 && warnings > 0)

        #expect(entries.status == .fail)
        #expect(entries.detail == "mistakes.entitlements: \(errors) error\(errors == 1 ? "" : "s"), "
            + "\(warnings) warning\(warnings == 1 ? "" : "s")")
        #expect(entries.fix?.contains("Associated Domains") == true)
        // One note per line of each diagnostic: the message, then its fix.
        for diagnostic in file.diagnostics {
            #expect(entries.notes.contains { $0.contains(diagnostic.code) && $0.contains(diagnostic.message) })
            if let fix = diagnostic.fix {
                #expect(entries.notes.contains("  fix: \(fix)"))
            }
        }
        #expect(entries.notes.contains { $0.contains("entitlements.non-string-entry") })
        #expect(entries.notes.contains { $0.contains("entitlements.duplicate-entry") })

        // The readable entries are still checked.
        let appLinks = try #require(checks.first { $0.id == "entitlements.applinks" })
        #expect(appLinks.status == .pass)
        #expect(appLinks.detail.hasPrefix("checking example.com"))
        #expect(appLinks.detail.contains("links.example.com"))
    }

    @Test func onlyWarningsWarn() {
        let checks = EntitlementsChecks.checks(for: Self.plist(["applinks:Example.com"]), named: "App.entitlements",
                                               targets: ["example.com"])
        #expect(checks.map(\.status) == [.warn, .pass])
        #expect(checks[0].detail == "App.entitlements: 1 warning")
        #expect(checks[0].fix != nil)
    }

    @Test func aMalformedFileFailsAndClaimsNoHost() throws {
        let checks = try Self.checks("malformed.entitlements", targets: ["example.com"])
        #expect(checks.map(\.id) == ["entitlements.entries", "entitlements.applinks", "entitlements.host"])
        #expect(checks.map(\.status) == [.fail, .fail, .fail])
        #expect(checks[0].detail == "malformed.entitlements: 1 error")
        #expect(checks[0].notes.first?.contains("entitlements.malformed-plist") == true)
        #expect(checks[1].detail == "malformed.entitlements has no readable applinks: entry, so no universal link opens the app")
        #expect(checks[1].fix == "add applinks:<your host> under Associated Domains")
    }

    @Test func aFileWithoutAssociatedDomainsFailsForWantOfAppLinks() throws {
        let checks = try Self.checks("without-associated-domains.entitlements", targets: [])
        #expect(checks.map(\.id) == ["entitlements.entries", "entitlements.applinks"])
        // The missing key is not a malformed entry; the missing applinks: entry is the failure.
        #expect(checks.map(\.status) == [.pass, .fail])
        #expect(checks[0].notes.first?.contains("entitlements.no-associated-domains") == true)
        #expect(checks[1].detail.contains("no readable applinks: entry"))
    }

    // MARK: - Target hosts

    struct Claim: Sendable, CustomTestStringConvertible {
        var target: String
        var claimed: Bool
        var testDescription: String { "\(target) \(claimed ? "claimed" : "not claimed")" }
    }

    /// `valid.entitlements` lists `example.com`, `*.example.com` and `links.example.org`
    /// (and `clip.example.com` for App Clips only).
    static let claims: [Claim] = [
        Claim(target: "example.com", claimed: true),
        Claim(target: "daily.example.com", claimed: true),
        Claim(target: "a.b.example.com", claimed: true),
        Claim(target: "links.example.org", claimed: true),
        Claim(target: "example.org", claimed: false),
        Claim(target: "www.links.example.org", claimed: false),
        Claim(target: "example.net", claimed: false),
        Claim(target: "badexample.com", claimed: false),
    ]

    @Test(arguments: claims)
    func eachTargetHostMustBeClaimedByAnEntryOrAWildcard(_ claim: Claim) throws {
        let checks = try Self.checks("valid.entitlements", targets: [claim.target])
        let hostChecks = checks.filter { $0.id == "entitlements.host" }
        if claim.claimed {
            #expect(hostChecks.isEmpty)
        } else {
            let check = try #require(hostChecks.count == 1 ? hostChecks.first : nil)
            #expect(check.status == .fail)
            #expect(check.title == "The app claims \(claim.target)")
            #expect(check.detail == "valid.entitlements has no applinks: entry covering \(claim.target), "
                + "so links on \(claim.target) never open the app")
            #expect(check.fix == "add applinks:\(claim.target) under Associated Domains")
        }
    }

    @Test func aWildcardAloneDoesNotClaimTheApexItReadsTheFileFrom() {
        // Apple: `*.example.com` does not match example.com (the period after the asterisk),
        // though the subdomains' file is fetched from example.com.
        let file = Self.plist(["applinks:*.example.com"])
        let checks = EntitlementsChecks.checks(for: file, named: "App.entitlements", targets: ["www.example.com", "example.com"])
        #expect(checks.first { $0.id == "entitlements.applinks" }?.detail == "checking example.com")
        #expect(checks.filter { $0.id == "entitlements.host" }.map(\.title) == ["The app claims example.com"])
    }

    @Test func aWebCredentialsOrAppClipsEntryClaimsNoLinks() {
        let file = Self.plist(["webcredentials:example.com", "appclips:example.com"])
        let checks = EntitlementsChecks.checks(for: file, named: "App.entitlements", targets: ["example.com"])
        #expect(checks.map(\.id) == ["entitlements.entries", "entitlements.applinks", "entitlements.host"])
        #expect(checks[1].status == .fail)
        #expect(checks[2].status == .fail)
    }

    @Test func developerAndManagedModeIsNotedAsDeveloperToo() {
        let file = Self.plist(["applinks:example.com?mode=developer+managed", "applinks:links.example.com?mode=managed"])
        let checks = EntitlementsChecks.checks(for: file, named: "App.entitlements", targets: [])
        let appLinks = checks.first { $0.id == "entitlements.applinks" }
        #expect(appLinks?.notes.filter { $0.hasPrefix("?mode=developer:") }.count == 1)
        #expect(appLinks?.notes.contains("applinks:links.example.com?mode=managed") == true)
    }

    @Test func withoutDeveloperModeThereIsNoDeveloperNote() {
        let file = Self.plist(["applinks:example.com"])
        let checks = EntitlementsChecks.checks(for: file, named: "App.entitlements", targets: [])
        #expect(checks.first { $0.id == "entitlements.applinks" }?.notes == ["applinks:example.com"])
        #expect(checks.first { $0.id == "entitlements.entries" }?.detail == "1 entry in App.entitlements, all well-formed")
    }
}
