import Testing
import Foundation
import AppSiteAssociation
@testable import LandfallDoctor

/// The checks of a served `assetlinks.json`: byte-order mark, JSON, the linter, the package
/// granted App Links, and the certificate fingerprints however they are written.
@Suite struct AssetLinksChecksTests {
    /// The fingerprint in Android's documentation: stands for Play's app signing key.
    static let playKey = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    /// Stands for the upload key a developer signs local builds with.
    static let uploadKey = "FA:C6:17:45:DC:09:03:78:6F:B9:ED:E6:2A:96:2B:39:9F:73:48:F0:BB:6F:89:9B:83:32:66:75:91:03:3B:9C"
    static let handleAllURLs = "delegate_permission/common.handle_all_urls"

    static func statement(_ package: String = "com.example.app", fingerprints: [String] = [playKey],
                          relation: String = handleAllURLs) -> String {
        let list = fingerprints.map { "\"\($0)\"" }.joined(separator: ", ")
        return #"{"relation": ["\#(relation)"], "target": {"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": [\#(list)]}}"#
    }

    static func file(_ statements: String...) -> String { "[" + statements.joined(separator: ",\n") + "]" }

    static func run(_ body: String, package: String? = "com.example.app", fingerprints: [String] = []) -> AssetLinksChecks.Outcome {
        AssetLinksChecks.checks(body: Array(body.utf8), host: "example.com", packageName: package, fingerprints: fingerprints)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var package: String? = "com.example.app"
        var fingerprints: [String] = []
        var statuses: [String: CheckStatus]
        var details: [String: String] = [:]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a clean file", body: file(statement()), fingerprints: [playKey],
             statuses: ["file.bom": .pass, "file.json": .pass, "assetlinks.lint": .pass, "assetlinks.package": .pass, "assetlinks.fingerprint": .pass],
             details: ["assetlinks.package": "[0] grants \(handleAllURLs) to android_app com.example.app",
                       "assetlinks.fingerprint": "\(playKey) is listed for com.example.app at [0].target.sha256_cert_fingerprints[0]"]),
        Case(name: "a byte-order mark", body: "\u{FEFF}" + file(statement()),
             statuses: ["file.bom": .fail, "file.json": .pass, "assetlinks.package": .pass],
             details: ["file.bom": "byte-order mark"]),
        Case(name: "invalid JSON", body: "[{\"relation\": [}]", fingerprints: [playKey],
             statuses: ["file.json": .fail, "assetlinks.lint": .skip, "assetlinks.package": .skip, "assetlinks.fingerprint": .skip],
             details: ["file.json": "invalid JSON at line 1, column 16: "]),
        Case(name: "a warning", body: file(statement(fingerprints: [playKey.lowercased()])), fingerprints: [playKey],
             statuses: ["assetlinks.lint": .warn, "assetlinks.package": .pass, "assetlinks.fingerprint": .pass],
             details: ["assetlinks.lint": "1 warning"]),
        Case(name: "a missing package", body: file(statement("com.example.other"), statement("org.example.app")),
             statuses: ["assetlinks.package": .fail],
             details: ["assetlinks.package": "no statement grants \(handleAllURLs) to android_app com.example.app; it grants App Links to com.example.other, org.example.app"]),
        Case(name: "a misspelt package", body: file(statement("com.exmaple.app")),
             statuses: ["assetlinks.package": .fail], details: ["assetlinks.package": "it grants App Links to com.exmaple.app; com.exmaple.app is 1 character away: a typo?"]),
        Case(name: "a package without the App Links relation", body: file(statement(relation: "delegate_permission/common.get_login_creds")),
             statuses: ["assetlinks.package": .fail], details: ["assetlinks.package": "[0] names android_app com.example.app but grants only delegate_permission/common.get_login_creds"]),
        Case(name: "a package that may be in an included file", body: file(#"{"include": "https://example.com/more.json"}"#),
             statuses: ["assetlinks.package": .warn], details: ["assetlinks.package": "it grants App Links to no app"]),
        Case(name: "a fingerprint in lower case without colons", body: file(statement(fingerprints: [uploadKey, playKey])),
             fingerprints: [playKey.lowercased().replacingOccurrences(of: ":", with: "")],
             statuses: ["assetlinks.fingerprint": .pass], details: ["assetlinks.fingerprint": "at [0].target.sha256_cert_fingerprints[1]"]),
        Case(name: "the upload key instead of Play's", body: file(statement()), fingerprints: [uploadKey],
             statuses: ["assetlinks.package": .pass, "assetlinks.fingerprint": .fail],
             details: ["assetlinks.fingerprint": "\(uploadKey) is not listed for com.example.app"]),
        Case(name: "a fingerprint listed for another package", body: file(statement(), statement("com.example.wear", fingerprints: [uploadKey])),
             fingerprints: [uploadKey], statuses: ["assetlinks.fingerprint": .fail],
             details: ["assetlinks.fingerprint": "it is listed for com.example.wear at [1].target.sha256_cert_fingerprints[0]"]),
        Case(name: "a fingerprint the file lists without colons", body: file(statement(fingerprints: [playKey.replacingOccurrences(of: ":", with: "")])),
             fingerprints: [playKey], statuses: ["assetlinks.lint": .fail, "assetlinks.fingerprint": .fail],
             details: ["assetlinks.fingerprint": "[0].target.sha256_cert_fingerprints[0] lists \"146DE9"]),
        Case(name: "a fingerprint of a package the file does not grant", body: file(statement("com.example.other")),
             fingerprints: [playKey], statuses: ["assetlinks.package": .fail, "assetlinks.fingerprint": .skip]),
        Case(name: "dashes in the fingerprint given", body: file(statement()),
             fingerprints: [playKey.replacingOccurrences(of: ":", with: "-")], statuses: ["assetlinks.fingerprint": .fail],
             details: ["assetlinks.fingerprint": "contains \"-\"; a fingerprint is hex digits separated by colons; separate the bytes with colons"]),
        Case(name: "a SHA-1 fingerprint given", body: file(statement()),
             fingerprints: ["DA:39:A3:EE:5E:6B:4B:0D:32:55:BF:EF:95:60:18:90:AF:D8:07:09"], statuses: ["assetlinks.fingerprint": .fail],
             details: ["assetlinks.fingerprint": "is 20 bytes; a SHA-256 fingerprint is 32 (64 hex digits) (20 bytes is a SHA-1 fingerprint; give the SHA-256 one)"]),
        Case(name: "a fingerprint given with a one-digit byte", body: file(statement()),
             fingerprints: ["4:6D:E9"], statuses: ["assetlinks.fingerprint": .fail],
             details: ["assetlinks.fingerprint": "\"4\" is not one byte"]),
        Case(name: "no package asked about", body: file(statement(), statement("com.example.wear", fingerprints: [playKey, uploadKey])), package: nil,
             statuses: ["assetlinks.lint": .pass, "assetlinks.apps": .pass],
             details: ["assetlinks.apps": "the file grants App Links on example.com to 2 apps"]),
        Case(name: "no package asked about and none granted", body: "[]", package: nil,
             statuses: ["assetlinks.lint": .warn, "assetlinks.apps": .fail], details: ["assetlinks.apps": "no app can open these links"]),
        Case(name: "a fingerprint without a package", body: file(statement("com.example.wear")), package: nil, fingerprints: [playKey],
             statuses: ["assetlinks.apps": .pass, "assetlinks.fingerprint": .pass], details: ["assetlinks.fingerprint": "listed for com.example.wear"]),
        Case(name: "JSON that is not an assetlinks file", body: #"{"relation": []}"#,
             statuses: ["file.json": .pass, "assetlinks.lint": .fail, "assetlinks.package": .skip],
             details: ["assetlinks.package": "the file does not decode"]),
    ]

    @Test(arguments: cases)
    func eachCaseGivesItsStatusesAndDetails(_ example: Case) {
        let checks = Self.run(example.body, package: example.package, fingerprints: example.fingerprints).checks
        let expectedIDs = ["file.bom", "file.json", "assetlinks.lint", example.package == nil ? "assetlinks.apps" : "assetlinks.package"]
            + example.fingerprints.map { _ in "assetlinks.fingerprint" }
        #expect(checks.map(\.id) == expectedIDs)
        CheckExpectations.expect(checks, statuses: example.statuses, details: example.details)
    }

    @Test func aMissingFingerprintPointsAtPlayAppSigning() throws {
        let check = try #require(Self.run(Self.file(Self.statement()), fingerprints: [Self.uploadKey]).checks.last)
        let fix = try #require(check.fix)
        #expect(fix.hasPrefix("add \"\(Self.uploadKey)\" to [0].target.sha256_cert_fingerprints"))
        #expect(fix.contains("with Play App Signing, use the app signing key's SHA-256 from Play Console → Setup → App integrity, not the upload key"))
        #expect(check.notes == ["com.example.app: \(Self.playKey) ([0].target.sha256_cert_fingerprints[0])"])
    }

    @Test func aMisspeltPackageGetsAFixNamingThePlace() throws {
        let body = Self.file(Self.statement("com.example.other"), Self.statement("com.exmaple.app"))
        let check = try #require(Self.run(body).checks.last)
        #expect(check.fix == "correct \"com.exmaple.app\" to \"com.example.app\" in [1].target.package_name, if com.example.app is the application ID in the app's build.gradle")
    }

    @Test func statementPlacesCountIncludeEntries() throws {
        let body = Self.file(#"{"include": "https://example.com/more.json"}"#, Self.statement())
        let checks = Self.run(body, fingerprints: [Self.playKey]).checks
        #expect(checks.first { $0.id == "assetlinks.package" }?.detail.hasPrefix("[1] grants") == true)
        #expect(checks.last?.detail.hasSuffix("at [1].target.sha256_cert_fingerprints[0]") == true)
    }

    @Test func theAppsListedCountTheirFingerprints() throws {
        let body = Self.file(Self.statement(), Self.statement("com.example.wear", fingerprints: [Self.playKey, Self.uploadKey]))
        let check = try #require(Self.run(body, package: nil).checks.last)
        #expect(check.notes == ["com.example.app (1 certificate fingerprint)", "com.example.wear (2 certificate fingerprints)"])
    }

    @Test func theDecodedFileComesBack() throws {
        let file = try #require(Self.run(Self.file(Self.statement())).file)
        #expect(AssetLinksMatcher(file).packageNames == ["com.example.app"])
        #expect(Self.run("[").file == nil)
    }

    /// Fingerprints given to the doctor are read whatever their case and colons.
    @Test(arguments: [
        playKey, playKey.lowercased(), playKey.replacingOccurrences(of: ":", with: ""),
        " " + playKey.lowercased().replacingOccurrences(of: ":", with: "") + " ",
    ])
    func fingerprintsAreReadInAnySpellingAndAbbreviatedInTitles(_ text: String) throws {
        #expect(AssetLinksChecks.fingerprintTitle(text) == "Lists fingerprint 14:6D:E9…44:E5")
    }

    @Test(arguments: ["", "xyz", "14:6D:E9:", "14::6D", "146", "14:6D"])
    func malformedFingerprintsAreRefusedWithAReason(_ text: String) throws {
        let checks = Self.run(Self.file(Self.statement()), fingerprints: [text]).checks
        let check = try #require(checks.first { $0.id == "assetlinks.fingerprint" })
        #expect(check.status == .fail)
        #expect(check.detail.hasPrefix("not a SHA-256 certificate fingerprint: "))
    }
}
