import AppSiteAssociation
import Testing
import LandfallDoctor

/// `--manifest FILE`: the link filters well-formed, the autoVerify hosts to check, and each
/// target host claimed by a link filter.
@Suite struct ManifestChecksTests {
    static func manifest(hosts: [String], extraFilter: String = "", categories: Bool = true) throws -> AndroidManifest {
        let data = hosts.map { #"<data android:host="\#($0)" />"# }.joined()
        let category = categories ? #"<category android:name="android.intent.category.BROWSABLE" />"# : ""
        return try AndroidManifest(text: """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app"><application>
            <activity android:name=".MainActivity" android:exported="true">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />\(category)
                <data android:scheme="https" />\(data)
              </intent-filter>\(extraFilter)
            </activity></application></manifest>
            """)
    }

    @Test func aWellFormedManifestPassesAndListsItsVerifiedHostsWithTheWildcardNote() throws {
        let checks = ManifestChecks.checks(for: try Self.manifest(hosts: ["example.com", "*.example.org"]),
                                           named: "AndroidManifest.xml", targets: ["example.com", "a.example.org"])
        #expect(checks.map(\.id) == ["manifest.entries", "manifest.hosts"])
        #expect(checks.map(\.status) == [.pass, .pass], "an info note does not lower the status")
        #expect(checks[0].notes.first?.hasPrefix("info[manifest.wildcard-host]") == true, "\(checks[0].notes)")
        #expect(checks[1].detail == "checking example.com, example.org")
        #expect(checks[1].notes == ["*.example.org: its subdomains are verified with the file at example.org"])
    }

    @Test(arguments: [
        (["example.com"], true, ["manifest.entries": CheckStatus.pass, "manifest.hosts": .pass]),
        ([], true, ["manifest.entries": .fail, "manifest.hosts": .fail]),
        (["example.com"], false, ["manifest.entries": .fail, "manifest.hosts": .pass]),
    ])
    func statusesFollowTheDiagnosticsAndTheHosts(_ hosts: [String], _ categories: Bool, _ expected: [String: CheckStatus]) throws {
        let checks = ManifestChecks.checks(for: try Self.manifest(hosts: hosts, categories: categories), named: "M.xml", targets: [])
        #expect(Dictionary(uniqueKeysWithValues: checks.map { ($0.id, $0.status) }) == expected)
        if expected["manifest.entries"] == .fail {
            #expect(checks[0].fix != nil)
            #expect(!checks[0].notes.isEmpty)
        }
    }

    @Test func aTargetNoLinkFilterNamesFails() throws {
        let checks = ManifestChecks.checks(for: try Self.manifest(hosts: ["example.com"]), named: "AndroidManifest.xml",
                                           targets: ["example.com", "other.example.com"])
        let claims = checks.filter { $0.id == "manifest.host" }
        #expect(claims.map(\.title) == ["The app claims other.example.com"])
        #expect(claims.first?.status == .fail)
        #expect(claims.first?.fix == #"add <data android:host="other.example.com" /> to the android:autoVerify="true" filter"#)
    }
}
