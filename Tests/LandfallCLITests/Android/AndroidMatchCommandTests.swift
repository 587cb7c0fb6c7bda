import Foundation
import LandfallCLI
import Testing

/// `landfall android match`: the decision per URL in text and JSON, the served files from
/// --assetlinks and --site, --expect, and the statuses for bad input.
@Suite struct AndroidMatchCommandTests {
    static let manifest = """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.dailypuzzle">
          <application>
            <activity android:name=".MainActivity" android:exported="true">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" />
                <data android:host="daily.example.com" />
                <data android:host="go.daily.example.com" />
                <data android:path="/puzzle/today" />
                <data android:pathPattern="/puzzle/..*" />
                <data android:pathPrefix="/go/" />
              </intent-filter>
              <intent-filter>
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="dailypuzzle" />
              </intent-filter>
            </activity>
          </application>
        </manifest>
        """

    static func manifestFile(_ text: String = manifest) throws -> String {
        try CLIFixtures.temporaryFile("AndroidManifest.xml", text)
    }

    @Test func eachURLGetsTheActivityAndFilterThatOpenIt() async throws {
        let output = await runLandfall(["android", "match", try Self.manifestFile(),
                                        "https://daily.example.com/puzzle/today", "https://daily.example.com/archive/2025"])
        #expect(output.status == .success)
        #expect(output.standardError.isEmpty)
        #expect(Array(output.lines.prefix(2)) == ["https://daily.example.com/puzzle/today", "  opens: .MainActivity (filter at line 5)"])
        #expect(output.lines.contains("  does not open: no_filter_matches"))
        #expect(output.lines.contains(#"    filter at line 5 (.MainActivity): path /archive/2025 matches none of path="/puzzle/today", pathPattern="/puzzle/..*" or pathPrefix="/go/""#),
                "\(output.standardOutput)")
    }

    @Test func jsonHasOneObjectPerURL() async throws {
        let output = await runLandfall(["android", "match", try Self.manifestFile(), "dailypuzzle://puzzle/12",
                                        "https://other.example.com/", "--format", "json"])
        #expect(output.status == .success)
        let objects = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [[String: Any]])
        #expect(objects.count == 2)
        #expect(objects.allSatisfy { Set($0.keys) == ["url", "opens", "activity", "reason", "filterLine", "summary", "explanation"] })
        #expect(objects[0]["opens"] as? Bool == true)
        #expect(objects[0]["activity"] as? String == ".MainActivity")
        #expect(objects[0]["reason"] as? String == "custom_scheme")
        #expect(objects[0]["filterLine"] as? Int == 16)
        #expect(objects[1]["opens"] as? Bool == false)
        #expect(objects[1]["activity"] is NSNull)
        #expect(objects[1]["filterLine"] is NSNull)
        #expect(objects[1]["reason"] as? String == "no_filter_matches")
    }

    @Test(arguments: [
        // The file grants the package: an App Link.
        (#"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.dailypuzzle", "sha256_cert_fingerprints": []}}]"#, "app_link"),
        // Another package: not verified.
        (#"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.other", "sha256_cert_fingerprints": []}}]"#, "host_not_verified"),
        // Android 15's dynamic components exclude the path.
        (#"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.dailypuzzle", "sha256_cert_fingerprints": []}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/puzzle/*", "exclude": true}]}}}]"#, "excluded_by_served_rules"),
    ])
    func theServedAssetLinksDecideVerification(_ assetLinks: String, _ reason: String) async throws {
        let file = try CLIFixtures.temporaryFile("assetlinks.json", assetLinks)
        let output = await runLandfall(["android", "match", try Self.manifestFile(), "https://daily.example.com/puzzle/today",
                                        "--assetlinks", file, "--format", "json"])
        let objects = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [[String: Any]])
        #expect(objects.first?["reason"] as? String == reason, "\(output.standardOutput)")
    }

    @Test func theSiteServesWhatLandfallGeneratesForEachHost() async throws {
        let output = await runLandfall(["android", "match", try Self.manifestFile(), "https://daily.example.com/puzzle/today",
                                        "https://go.daily.example.com/go/abc", "--site", CLIFixtures.example("demo/landfall.yml"),
                                        "--format", "json"])
        #expect(output.status == .success, "\(output.standardError)")
        let objects = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [[String: Any]])
        #expect(objects.map { $0["reason"] as? String } == ["app_link", "app_link"], "\(output.standardOutput)")
    }

    @Test(arguments: [("opens", CommandStatus.success), ("closed", .problemsFound)])
    func expectMakesAnyOtherAnswerStatusOne(_ expect: String, _ status: CommandStatus) async throws {
        let output = await runLandfall(["android", "match", try Self.manifestFile(), "https://daily.example.com/puzzle/1", "--expect", expect])
        #expect(output.status == status)
    }

    @Test func withAssetLinksAManifestWithoutPackageNeedsPackage() async throws {
        let manifest = Self.manifest.replacingOccurrences(of: #" package="com.example.dailypuzzle""#, with: "")
        let file = try CLIFixtures.temporaryFile("assetlinks.json", "[]")
        let output = await runLandfall(["android", "match", try Self.manifestFile(manifest), "https://daily.example.com/", "--assetlinks", file])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("give it with --package com.example.app"), "\(output.standardError)")
    }

    @Test func withSiteAManifestWithoutPackageIsTheSitesOnlyAndroidApp() async throws {
        let output = await runLandfall(["android", "match", CLIFixtures.example("app/AndroidManifest.xml"),
                                        "https://go.daily.example.com/k7QmZ3x", "--site", CLIFixtures.example("demo/landfall.yml")])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.lines.contains { $0.contains("go.daily.example.com's assetlinks.json: opens com.example.dailypuzzle") }, "\(output.standardOutput)")
    }

    @Test func aManifestWithProblemsStillDecidesAndPrintsThemOnStandardError() async throws {
        let manifest = Self.manifest.replacingOccurrences(of: #"<data android:host="go.daily.example.com" />"#,
                                                          with: #"<data android:host="@string/links_host" />"#)
        let output = await runLandfall(["android", "match", try Self.manifestFile(manifest), "https://daily.example.com/puzzle/today"])
        #expect(output.status == .success)
        #expect(output.standardError.contains(#"warning[manifest.unresolved-value] (line 11, column 15): android:host="@string/links_host" is a resource, not resolvable offline"#),
                "\(output.standardError)")
        #expect(output.lines.contains("  opens: .MainActivity (filter at line 5)"))
    }

    @Test(arguments: [
        (["android", "match", "/no/such/AndroidManifest.xml", "https://example.com/"], "cannot read \"/no/such/AndroidManifest.xml\": no such file"),
        (["android", "match", "MANIFEST"], "give at least one URL"),
        (["android", "match", "MANIFEST", "example.com/x"], "it has no scheme"),
        (["android", "match", "MANIFEST", "https://example.com/", "--android-version", "35"], "not an API level"),
        (["android", "match", "MANIFEST", "https://example.com/", "--assetlinks", "a.json", "--site", "landfall.yml"], "not both"),
    ])
    func badInputIsStatusTwoWithWhatIsExpected(_ arguments: [String], _ message: String) async throws {
        let path = try Self.manifestFile()
        let output = await runLandfall(arguments.map { $0 == "MANIFEST" ? path : $0 })
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains(message), "\(output.standardError)")
    }

    @Test func xmlThatIsNotWellFormedIsStatusTwoWithLineAndColumn() async throws {
        let output = await runLandfall(["android", "match", try Self.manifestFile("<manifest>\n<application>\n</manifest>"), "https://example.com/"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("is not a readable AndroidManifest.xml: line 3, column"), "\(output.standardError)")
    }
}
