import Foundation
import Testing
import AppSiteAssociation
import LandfallJSON

/// The cases of `Tests/Fixtures/android/intent-filters.json`: what Android does with
/// a link tapped in a browser, for a manifest (and the `assetlinks.json` its hosts serve).
@Suite struct AndroidIntentMatcherTests {
    /// One case of the file.
    struct Case: Sendable, CustomTestStringConvertible {
        struct Expectation: Sendable {
            var url: String
            var opens: Bool
            var activity: String?
            var reason: String
        }

        var name: String
        var application: String
        var androidVersion: Int
        var assetLinks: String?
        var package: String?
        var urls: [Expectation]

        var testDescription: String { name }

        /// The whole manifest the case's `<application>` content stands in.
        var manifest: String {
            """
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                <application>\(application)</application>
            </manifest>
            """
        }
    }

    static let file = TestResources.repositoryRoot.appendingPathComponent("Tests/Fixtures/android/intent-filters.json")

    /// The cases, or why the file could not be read.
    static let loaded = Result { () throws(FixtureError) -> [Case] in
        let bytes = try TestResources.read(file)
        guard let root = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any],
              root["format"] as? String == "landfall-android-intent-conformance/1",
              let cases = root["cases"] as? [[String: Any]] else {
            throw FixtureError(path: file.path, reason: "not a landfall-android-intent-conformance/1 file")
        }
        return try cases.map { object throws(FixtureError) in
            guard let name = object["name"] as? String, let application = object["application"] as? String,
                  let urls = object["urls"] as? [[String: Any]] else {
                throw FixtureError(path: file.path, reason: "a case lacks name, application or urls: \(object)")
            }
            let assetLinks = try? object["assetlinks"].map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
            return Case(name: name, application: application, androidVersion: object["androidVersion"] as? Int ?? 15,
                        assetLinks: assetLinks ?? nil, package: object["package"] as? String,
                        urls: urls.map { url in
                            Case.Expectation(url: url["url"] as? String ?? "", opens: url["opens"] as? Bool ?? false,
                                             activity: url["activity"] as? String, reason: url["reason"] as? String ?? "")
                        })
        }
    }

    static var cases: [Case] { (try? loaded.get()) ?? [] }

    @Test func theConformanceFileIsReadAndHasAtLeastFortyCases() throws {
        let cases = try Self.loaded.get()
        #expect(cases.count >= 40)
        #expect(Set(cases.map(\.name)).count == cases.count, "case names are unique")
        let reasons = Set(cases.flatMap(\.urls).map(\.reason))
        #expect(reasons == Set(AndroidIntentDecision.Reason.allCases.map(\.rawValue)), "every reason is exercised")
    }

    @Test(arguments: cases)
    func everyConformanceCaseGetsTheDecisionAndroidMakes(_ testCase: Case) throws {
        let manifest = try AndroidManifest(text: testCase.manifest)
        var served: AssetLinksFile?
        if let text = testCase.assetLinks { served = try AssetLinksFile(json: text) }
        var assetLinks: (@Sendable (String) -> AssetLinksFile?)?
        if let served { assetLinks = { _ in served } }
        let matcher = AndroidIntentMatcher(manifest, assetLinks: assetLinks,
                                           packageName: testCase.package, androidVersion: testCase.androidVersion)
        for expected in testCase.urls {
            let decision = try matcher.decision(for: expected.url)
            let actual: [String] = [decision.opens ? "opens" : "closed", decision.activity ?? "-", decision.reason.rawValue]
            let wanted: [String] = [expected.opens ? "opens" : "closed", expected.activity ?? "-", expected.reason]
            #expect(actual == wanted, "\(expected.url):\n\(decision.description)")
        }
    }

    @Test func aDecisionNamesEachFilterTriedAndWhyItDidNotMatch() throws {
        let manifest = try AndroidManifest(text: """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
            <activity android:name=".MainActivity" android:exported="true">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="example.com" />
                <data android:path="/puzzle/today" />
                <data android:pathPattern="/puzzle/..*" />
              </intent-filter>
            </activity>
            </application></manifest>
            """)
        let decision = try AndroidIntentMatcher(manifest).decision(for: "https://example.com/archive/2025")
        #expect(decision.steps == [
            #"filter at line 3 (.MainActivity): path /archive/2025 matches none of path="/puzzle/today" or pathPattern="/puzzle/..*""#,
        ])
        #expect(decision.summary == "does not open the app: no intent filter matches https://example.com/archive/2025")
    }

    @Test func withServedFilesTheSummaryQuotesWhatTheHostServes() throws {
        let manifest = try AndroidManifest(text: """
            <manifest xmlns:a="http://schemas.android.com/apk/res/android" package="com.example.app"><application>
            <activity a:name=".MainActivity" a:exported="true"><intent-filter a:autoVerify="true">
              <action a:name="android.intent.action.VIEW" /><category a:name="android.intent.category.DEFAULT" />
              <category a:name="android.intent.category.BROWSABLE" /><data a:scheme="https" a:host="example.com" />
            </intent-filter></activity></application></manifest>
            """)
        let matcher = AndroidIntentMatcher(manifest, assetLinks: { host in host == "example.com" ? AssetLinksFile() : nil })
        let decision = try matcher.decision(for: "https://example.com/x")
        #expect(decision.reason == .hostNotVerified)
        #expect(decision.summary.contains("com.example.app"), "\(decision.summary)")
        #expect(decision.summary.contains("example.com's assetlinks.json"), "\(decision.summary)")
    }
}
