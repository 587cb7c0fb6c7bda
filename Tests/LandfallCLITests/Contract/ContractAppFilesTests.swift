import Foundation
import LandfallCLI
import Testing

/// Contracts that check the app's own files: Android cases against a manifest and the served
/// assetlinks.json, iOS cases against the entitlements, and every route example on both.
@Suite struct ContractAppFilesTests {
    let demoSite = CLIFixtures.example("demo/landfall.yml")

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
                        <data android:path="/puzzle/today" />
                        <data android:pathPattern="/puzzle/..*" />
                        <data android:pathPattern="/invites/..*" />
                    </intent-filter>
                    <intent-filter android:autoVerify="true">
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.DEFAULT" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="https" android:host="go.daily.example.com" android:pathPattern="/..*" />
                    </intent-filter>
                </activity>
            </application>
        </manifest>
        """

    static let entitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key>
        <array><string>applinks:daily.example.com</string><string>applinks:go.daily.example.com</string></array></dict></plist>
        """

    func contract(_ body: String, manifest: String = Self.manifest, entitlements: String = Self.entitlements) throws -> String {
        let folder = try CLIFixtures.temporaryFolder()
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("AndroidManifest.xml"))
        try Data(entitlements.utf8).write(to: folder.appendingPathComponent("App.entitlements"))
        let path = folder.appendingPathComponent("contract.yml")
        try Data(("site: \(demoSite)\napp: ABCDE12345.com.example.dailypuzzle\n" + body).utf8).write(to: path)
        return path.path
    }

    @Test(arguments: ["contracts/demo-apps.yml", "contracts/demo-expo.yml"])
    func theDemosAppFilesOpenEveryRouteExampleOnBothPlatforms(contract: String) async {
        let output = await runLandfall(["test", CLIFixtures.example(contract)])
        #expect(output.status == .success, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardError.isEmpty)
        let examples = output.lines.filter { $0.contains("(example of route ") }
        #expect(examples.count == 5)
        #expect(examples.allSatisfy { $0.hasPrefix("✓ ") && $0.contains("ios: ") && $0.contains("android: ") })
    }

    @Test func anAndroidCaseIsDecidedByTheManifestAndTheServedAssetLinks() async throws {
        let path = try contract("""
            manifest: AndroidManifest.xml
            cases:
              - url: https://daily.example.com/puzzle/today
                platform: android
                opens: true
                activity: .MainActivity
              - url: https://go.daily.example.com/health
                platform: android
                opens: false
            """)
        let output = await runLandfall(["test", path])
        #expect(output.status == .success)
        #expect(output.lines == [
            "✓ https://daily.example.com/puzzle/today  android: opens com.example.dailypuzzle (.MainActivity, filter at line 5)",
            "✓ https://go.daily.example.com/health  android: does not open com.example.dailypuzzle (excluded_by_served_rules)",
            "2 cases: 2 passed, 0 failed",
        ])
    }

    @Test func routeExamplesAreCheckedOnBothPlatformsAndAMissingHostFailsOnEach() async throws {
        let path = try contract("manifest: AndroidManifest.xml\nentitlements: App.entitlements\nrouteExamples: true\n")
        let output = await runLandfall(["test", path])
        #expect(output.status == .problemsFound)
        #expect(output.lines.contains(
            "✓ https://daily.example.com/puzzle/2026-11-20 (example of route puzzle)  ios: opens ABCDE12345.com.example.dailypuzzle; "
                + "android: opens com.example.dailypuzzle (.MainActivity, filter at line 5); route puzzle"))
        #expect(output.lines.contains(
            "✓ https://daily.example.com/archive/2025 (example of route archive)  ios: does not open ABCDE12345.com.example.dailypuzzle; "
                + "android: does not open com.example.dailypuzzle (no_filter_matches); route archive"))
        // The interstitial host is neither claimed by the entitlements nor listed by the manifest.
        #expect(output.lines.contains(
            "✗ https://open.dailypuzzle.app/puzzle/2026-11-20 (example of route puzzle)  ios: the association file opens it, but the "
                + "entitlements claim no applinks: entry for open.dailypuzzle.app, so iOS never asks (add applinks:open.dailypuzzle.app); "
                + "android: expected it to open com.example.dailypuzzle, but does not open the app: no intent filter matches "
                + "https://open.dailypuzzle.app/puzzle/2026-11-20"))
        #expect(output.lines.last == "5 cases: 4 passed, 1 failed")
    }

    @Test func anActivityOtherThanTheOneNamedFails() async throws {
        let path = try contract("""
            manifest: AndroidManifest.xml
            cases:
              - url: https://daily.example.com/puzzle/today
                platform: android
                opens: true
                activity: .LinkActivity
            """)
        let output = await runLandfall(["test", path])
        #expect(output.status == .problemsFound)
        #expect(output.lines.first == "✗ https://daily.example.com/puzzle/today  android: expected it to open .LinkActivity, but it opens .MainActivity (filter at line 5)")
    }

    @Test(arguments: [
        ("platforms: [ios, android]\ncases:\n  - url: https://daily.example.com/\n    opens: true\n",
         ":3: platforms: android cases need the app's manifest: add `manifest: path/to/AndroidManifest.xml` at the top"),
        ("cases:\n  - url: https://daily.example.com/\n    platform: android\n    opens: true\n",
         ":5: cases[0].platform: android cases need the app's manifest: add `manifest: path/to/AndroidManifest.xml` at the top"),
        ("platforms: [ios, windows]\ncases: []\n", ":3: platforms: unknown platform 'windows'; write ios, android or [ios, android]"),
        ("manifest: AndroidManifest.xml\ncases:\n  - url: https://daily.example.com/\n    opens: com.example.app\n",
         ":6: cases[0].opens: a case checked on ios and android takes `opens: true` or `false`; name the apps with `app:` and `package:` at the top (or add `platform:` to the case)"),
        ("manifest: AndroidManifest.xml\ncases:\n  - url: https://daily.example.com/\n    activity: .Main\n",
         ":6: cases[0].activity: `activity` is checked when the URL opens the Android app: add `opens: true` (and `manifest:` at the top)"),
        ("manifest: AndroidManifest.xml\nassetlinks: x.json\ncases: []\n",
         ":4: assetlinks: with `site:` the assetlinks.json files are the ones the site generates; remove `assetlinks:` (or use `association:`/`routes:` instead of `site:`)"),
        ("routeExamples: 1\ncases: []\n", ":3: routeExamples: expected true or false, found the number 1"),
        ("expo: app.json\nmanifest: AndroidManifest.xml\ncases: []\n",
         ":4: manifest: `expo:` stands for the app's manifest and entitlements (as prebuild makes them from app.json); give either `expo:` or `manifest:`/`entitlements:`"),
    ])
    func aContractThatCannotBeCheckedOnAndroidSaysWhy(body: String, expected: String) async throws {
        let path = try contract(body)
        let output = await runLandfall(["test", path])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: \(path)\(expected)\n")
    }

    @Test func anExpoAppJSONStandsForTheManifestAndTheEntitlements() async throws {
        let appJSON = """
            {"expo": {"name": "Daily", "scheme": "dailypuzzle",
              "ios": {"associatedDomains": ["applinks:daily.example.com"]},
              "android": {"package": "com.example.dailypuzzle", "intentFilters": [{"action": "VIEW", "autoVerify": true,
                "data": [{"scheme": "https", "host": "daily.example.com", "pathPattern": "/puzzle/..*"}],
                "category": ["BROWSABLE", "DEFAULT"]}]}}}
            """
        let path = try contract("""
            expo: app.json
            cases:
              - url: https://daily.example.com/puzzle/2026-11-20
                opens: true
              - url: https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R
                opens: true
              - url: dailypuzzle://puzzle/today
                platform: android
                opens: true
            """)
        try Data(appJSON.utf8).write(to: URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("app.json"))
        let output = await runLandfall(["test", path])
        #expect(output.status == .problemsFound)
        #expect(output.lines == [
            "✓ https://daily.example.com/puzzle/2026-11-20  ios: opens ABCDE12345.com.example.dailypuzzle; android: opens com.example.dailypuzzle (.MainActivity)",
            "✗ https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R  android: expected it to open com.example.dailypuzzle, but does not open the app: "
                + "no intent filter matches https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R",
            "✓ dailypuzzle://puzzle/today  android: opens com.example.dailypuzzle (.MainActivity)",
            "3 cases: 2 passed, 1 failed",
        ])
    }

    @Test func aManifestThatIsNotXMLIsAnInputErrorWithItsLine() async throws {
        let path = try contract("manifest: AndroidManifest.xml\nrouteExamples: true\n", manifest: "<manifest>\n<application>\n</manifest>")
        let output = await runLandfall(["test", path])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("AndroidManifest.xml\": it is not a readable AndroidManifest.xml: line 3, column 1: </manifest> closes <application>"), "\(output.standardError)")
    }
}
