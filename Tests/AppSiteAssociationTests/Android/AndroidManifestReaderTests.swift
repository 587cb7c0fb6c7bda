import Foundation
import Testing
import AppSiteAssociation

/// `AndroidManifest` reads real-looking manifests (any attribute order, another prefix for the
/// android namespace, aliases, `tools:` attributes, comments) and reports each lint code.
@Suite struct AndroidManifestReaderTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try TestResources.read(TestResources.repositoryRoot.appendingPathComponent("Tests/AppSiteAssociationTests/Fixtures/android/\(name)")))
    }

    /// A manifest with `application` as the inside of `<application>`.
    static func manifest(_ application: String) throws -> AndroidManifest {
        try AndroidManifest(text: """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app">
            <application>
            \(application)
            </application>
            </manifest>
            """)
    }

    static let linkFilter = """
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" />
        <category android:name="android.intent.category.BROWSABLE" />
        """

    @Test func aRealLookingManifestIsReadWithItsActivitiesFiltersAndAlias() throws {
        let manifest = try AndroidManifest(bytes: try Self.fixture("puzzles-manifest.xml"))
        #expect(manifest.package == "com.example.puzzles")
        #expect(manifest.activities.map(\.name) == [".MainActivity", "com.example.puzzles.SettingsActivity", ".ShareAlias"])
        #expect(manifest.activities.map(\.isAlias) == [false, false, true])
        #expect(manifest.activities[2].targetActivity == ".MainActivity")
        #expect(manifest.activities[2].enabled == false)
        #expect(manifest.activities.map(\.exported) == [true, false, true])
        let filter = manifest.activities[0].intentFilters[1]
        #expect(filter.autoVerify)
        #expect(filter.line == 24)
        #expect(filter.schemes == ["https", "http"])
        #expect(filter.authorities == [.init(host: "example.com", port: nil, line: 28)])
        #expect(filter.paths.map(\.pattern.text) == ["/puzzle/today", "/puzzle/..*", #"/files/.*\.pdf"#])
        #expect(filter.paths.map(\.written) == ["/puzzle/today", "/puzzle/..*", #"/files/.*\\.pdf"#])
        #expect(filter.paths.map(\.line) == [30, 31, 32])
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        #expect(manifest.verifiedHosts == ["example.com"])
    }

    @Test func theAndroidNamespaceIsReadWhateverItsPrefix() throws {
        let manifest = try AndroidManifest(bytes: try Self.fixture("prefix-a-manifest.xml"))
        #expect(manifest.package == nil)
        #expect(manifest.activities.map(\.name) == [".LinkActivity"])
        let filter = try #require(manifest.activities.first?.intentFilters.first)
        #expect(filter.authorities.map(\.host) == ["links.example.com"])
        #expect(filter.paths.map(\.description) == [#"pathPrefix="/p/""#])
        #expect(try AndroidIntentMatcher(manifest).decision(for: "https://links.example.com/p/1").reason == .appLink)
    }

    @Test(arguments: [
        ("<manifest><application></manifest>", "line 1"),
        ("<?xml version=\"1.0\"?>\n<resources/>", "not <manifest>"),
        ("", "line 1"),
    ])
    func bytesThatAreNotAManifestThrowWithWhere(_ text: String, _ expected: String) {
        #expect {
            _ = try AndroidManifest(text: text)
        } throws: { error in
            "\(error)".contains(expected)
        }
    }

    @Test func aRootInAnotherNamespaceIsNotAManifest() throws {
        #expect(throws: AndroidManifestError.self) { try AndroidManifest(bytes: try Self.fixture("other-prefix-manifest.xml")) }
    }

    /// Each lint code, from the smallest manifest that shows it.
    @Test(arguments: [
        (AndroidManifestLintCode.noApplication, #"<manifest xmlns:android="http://schemas.android.com/apk/res/android"/>"#),
        (.missingExported, #"<activity android:name=".A"><intent-filter>\#(linkFilter)<data android:scheme="myapp" /></intent-filter></activity>"#),
        (.notExported, #"<activity android:name=".A" android:exported="false"><intent-filter>\#(linkFilter)<data android:scheme="myapp" /></intent-filter></activity>"#),
        (.missingViewAction, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true"><category android:name="android.intent.category.DEFAULT" /><category android:name="android.intent.category.BROWSABLE" /><data android:scheme="https" android:host="example.com" /></intent-filter></activity>"#),
        (.missingDefaultCategory, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true"><action android:name="android.intent.action.VIEW" /><category android:name="android.intent.category.BROWSABLE" /><data android:scheme="https" android:host="example.com" /></intent-filter></activity>"#),
        (.missingBrowsableCategory, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true"><action android:name="android.intent.action.VIEW" /><category android:name="android.intent.category.DEFAULT" /><data android:scheme="https" android:host="example.com" /></intent-filter></activity>"#),
        (.verifyCustomScheme, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true">\#(linkFilter)<data android:scheme="https" android:host="example.com" /><data android:scheme="myapp" /></intent-filter></activity>"#),
        (.verifyNoWebScheme, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true">\#(linkFilter)<data android:scheme="myapp" android:host="open" /></intent-filter></activity>"#),
        (.verifyNoHost, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true">\#(linkFilter)<data android:scheme="https" /></intent-filter></activity>"#),
        (.mimeTypeInLinkFilter, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true">\#(linkFilter)<data android:scheme="https" android:host="example.com" android:mimeType="text/html" /></intent-filter></activity>"#),
        (.uppercaseScheme, #"<activity android:name=".A" android:exported="true"><intent-filter>\#(linkFilter)<data android:scheme="myApp" /></intent-filter></activity>"#),
        (.schemeNotAScheme, #"<activity android:name=".A" android:exported="true"><intent-filter>\#(linkFilter)<data android:scheme="https://" /></intent-filter></activity>"#),
        (.uppercaseHost, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true">\#(linkFilter)<data android:scheme="https" android:host="Example.com" /></intent-filter></activity>"#),
        (.hostNotAHost, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true">\#(linkFilter)<data android:scheme="https" android:host="https://example.com/app" /></intent-filter></activity>"#),
        (.wildcardHost, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true">\#(linkFilter)<data android:scheme="https" android:host="*.example.com" /></intent-filter></activity>"#),
        (.invalidPort, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true">\#(linkFilter)<data android:scheme="https" android:host="example.com" android:port="https" /></intent-filter></activity>"#),
        (.portWithoutHost, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true">\#(linkFilter)<data android:scheme="https" android:host="example.com" /><data android:port="8443" /></intent-filter></activity>"#),
        (.pathWithoutSlash, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true">\#(linkFilter)<data android:scheme="https" android:host="example.com" android:pathPrefix="puzzle" /></intent-filter></activity>"#),
        (.rejectedPattern, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true">\#(linkFilter)<data android:scheme="https" android:host="example.com" android:pathAdvancedPattern="/[]" /></intent-filter></activity>"#),
        (.newerAttribute, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true">\#(linkFilter)<data android:scheme="https" android:host="example.com" android:pathSuffix=".pdf" /></intent-filter></activity>"#),
        (.unresolvedValue, #"<activity android:name=".A" android:exported="true"><intent-filter android:autoVerify="true">\#(linkFilter)<data android:scheme="https" android:host="${appHost}" /></intent-filter></activity>"#),
    ])
    func eachLintCodeIsReportedWithAMessageAndAFix(_ code: AndroidManifestLintCode, _ xml: String) throws {
        let manifest = xml.hasPrefix("<manifest") ? try AndroidManifest(text: xml) : try Self.manifest(xml)
        #expect(manifest.codes == [code.rawValue], "\(manifest.diagnostics)")
        let diagnostic = try #require(manifest.diagnostics.first)
        #expect(diagnostic.severity == code.severity)
        #expect(diagnostic.location != nil)
        #expect(diagnostic.fix?.isEmpty == false)
    }

    @Test func everyLintCodeHasATestCase() {
        #expect(AndroidManifestLintCode.allCases.count == 21)
    }

    @Test func resourcesAndPlaceholdersAreListedAsUnresolvedNeverGuessed() throws {
        let manifest = try Self.manifest("""
            <activity android:name=".A" android:exported="true"><intent-filter>\(Self.linkFilter)
            <data android:scheme="@string/scheme" android:host="${hostName}" android:path="/a" /></intent-filter></activity>
            """)
        let filter = try #require(manifest.activities.first?.intentFilters.first)
        #expect(filter.unresolved == [#"android:scheme="@string/scheme""#, #"android:host="${hostName}""#])
        #expect(filter.schemes.isEmpty)
        #expect(filter.authorities.isEmpty)
        let decision = try AndroidIntentMatcher(manifest).decision(for: "https://example.com/a")
        #expect(decision.opens == false)
        #expect(decision.steps.first?.contains("not resolvable offline") == true, "\(decision.steps)")
    }
}
