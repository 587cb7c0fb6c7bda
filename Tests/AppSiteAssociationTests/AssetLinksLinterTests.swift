import LandfallJSON
import Testing
import PropertyBased
import AppSiteAssociation

/// Checking `assetlinks.json` files: one case per code, the fixes it offers, and no crash or
/// hang on any input.
@Suite struct AssetLinksLinterTests {
    typealias Fixtures = AssetLinksFixtures

    static func statement(relation: String = #"["delegate_permission/common.handle_all_urls"]"#, target: String) -> String {
        #"{"relation": \#(relation), "target": \#(target)}"#
    }

    static func appTarget(package: String = #""com.example.app""#, fingerprints: String = "[\"\(AssetLinksFixtures.playKey)\"]") -> String {
        #"{"namespace": "android_app", "package_name": \#(package), "sha256_cert_fingerprints": \#(fingerprints)}"#
    }

    static func components(_ rules: String) -> String {
        Fixtures.file(Fixtures.statement(components: rules))
    }

    static let rules = #"[relation_extensions]["delegate_permission/common.handle_all_urls"].dynamic_app_link_components"#
        .replacingOccurrences(of: "[relation_extensions]", with: "[0].relation_extensions")

    /// One file that has exactly the problem a code names, and where the problem is.
    struct Case: Sendable, CustomTestStringConvertible {
        var code: AssetLinksLintCode
        var json: String
        var path: String?
        var testDescription: String { code.rawValue }
    }

    static let sha1 = "DA:39:A3:EE:5E:6B:4B:0D:32:55:BF:EF:95:60:18:90:AF:D8:07:09"

    static let cases: [Case] = [
        Case(code: .invalidJSON, json: #"[{"relation": [}]"#, path: nil),
        Case(code: .byteOrderMark, json: "\u{FEFF}" + Fixtures.singleApp, path: nil),
        Case(code: .fileTooLarge, json: Fixtures.singleApp + String(repeating: " ", count: AssetLinksLinter.defaultMaximumSize), path: nil),
        Case(code: .topLevelNotArray, json: Fixtures.statement(), path: "(top level)"),
        Case(code: .noStatements, json: "[]", path: "(top level)"),
        Case(code: .statementNotObject, json: #"[["delegate_permission/common.handle_all_urls"]]"#, path: "[0]"),
        Case(code: .wrongType, json: Fixtures.file(statement(relation: #""delegate_permission/common.handle_all_urls""#, target: appTarget())),
             path: "[0].relation"),
        Case(code: .unknownKey, json: Fixtures.file(#"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": [], "sha256_cert_fingerprint": ["\#(Fixtures.playKey)"]}}"#),
             path: "[0].target.sha256_cert_fingerprint"),
        Case(code: .duplicateKey, json: Fixtures.file(statement(target: appTarget(package: #""com.example.app", "package_name": "com.example.app""#))),
             path: "[0].target.package_name"),
        Case(code: .duplicateStatement, json: Fixtures.file(Fixtures.statement(), Fixtures.statement()), path: "[1]"),
        Case(code: .invalidInclude, json: Fixtures.file(Fixtures.statement(), #"{"include": "http://example.com/more.json"}"#), path: "[1].include"),
        Case(code: .noAppLinks, json: Fixtures.file(Fixtures.statement(relations: [AssetLinkStatement.getLoginCredentials])), path: "(top level)"),
        Case(code: .missingRelation, json: Fixtures.file(#"{"target": \#(appTarget())}"#), path: "[0]"),
        Case(code: .emptyRelation, json: Fixtures.file(statement(relation: "[]", target: appTarget())), path: "[0].relation"),
        Case(code: .misspelledRelation, json: Fixtures.file(Fixtures.statement(relations: ["delegate_permission/common.handle_all_url"])),
             path: "[0].relation[0]"),
        Case(code: .unknownRelation, json: Fixtures.file(Fixtures.statement(relations: [AssetLinkStatement.handleAllURLs, "delegate_permission/common.open_sesame"])),
             path: "[0].relation[1]"),
        Case(code: .extensionForUnlistedRelation,
             json: Fixtures.file(Fixtures.statement(relations: [AssetLinkStatement.getLoginCredentials], components: #"[{"/": "/a"}]"#)),
             path: #"[0].relation_extensions["delegate_permission/common.handle_all_urls"]"#),
        Case(code: .missingTarget, json: Fixtures.file(#"{"relation": ["delegate_permission/common.handle_all_urls"]}"#), path: "[0]"),
        Case(code: .missingNamespace, json: Fixtures.file(statement(target: #"{"package_name": "com.example.app", "sha256_cert_fingerprints": ["\#(Fixtures.playKey)"]}"#)),
             path: "[0].target"),
        Case(code: .unknownNamespace, json: Fixtures.file(statement(target: #"{"namespace": "android-app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["\#(Fixtures.playKey)"]}"#)),
             path: "[0].target.namespace"),
        Case(code: .missingPackageName, json: Fixtures.file(statement(target: #"{"namespace": "android_app", "sha256_cert_fingerprints": ["\#(Fixtures.playKey)"]}"#)),
             path: "[0].target"),
        Case(code: .invalidPackageName, json: Fixtures.file(Fixtures.statement(package: "example")), path: "[0].target.package_name"),
        Case(code: .missingFingerprints, json: Fixtures.file(Fixtures.statement(fingerprints: [])), path: "[0].target.sha256_cert_fingerprints"),
        Case(code: .fingerprintLowercase, json: Fixtures.file(Fixtures.statement(fingerprints: [Fixtures.playKey.lowercased()])),
             path: "[0].target.sha256_cert_fingerprints[0]"),
        Case(code: .fingerprintWithoutColons, json: Fixtures.file(Fixtures.statement(fingerprints: [Fixtures.playKey.replacingOccurrences(of: ":", with: "")])),
             path: "[0].target.sha256_cert_fingerprints[0]"),
        Case(code: .fingerprintWrongLength, json: Fixtures.file(Fixtures.statement(fingerprints: [Fixtures.playKey, sha1])),
             path: "[0].target.sha256_cert_fingerprints[1]"),
        Case(code: .malformedFingerprint, json: Fixtures.file(Fixtures.statement(fingerprints: [Fixtures.playKey.replacingOccurrences(of: ":", with: "-")])),
             path: "[0].target.sha256_cert_fingerprints[0]"),
        Case(code: .duplicateFingerprint, json: Fixtures.file(Fixtures.statement(fingerprints: [Fixtures.playKey, Fixtures.uploadKey, Fixtures.playKey])),
             path: "[0].target.sha256_cert_fingerprints[2]"),
        Case(code: .missingSite, json: Fixtures.file(statement(relation: #"["delegate_permission/common.get_login_creds"]"#, target: #"{"namespace": "web"}"#)),
             path: "[0].target"),
        Case(code: .invalidSite, json: Fixtures.file(statement(relation: #"["delegate_permission/common.get_login_creds"]"#, target: #"{"namespace": "web", "site": "https://example.com/login"}"#)),
             path: "[0].target.site"),
        Case(code: .queryNotDictionary, json: components(#"[{"?": "dl=*"}]"#), path: rules + #"[0]["?"]"#),
        Case(code: .nonStringPattern, json: components(#"[{"/": "/a", "?": {"in_app": true}}]"#), path: rules + #"[0]["?"].in_app"#),
        Case(code: .componentWithoutPattern, json: components(#"[{"/": "/a"}, {"exclude": true}]"#), path: rules + "[1]"),
        Case(code: .pathWithoutLeadingSlash, json: components(#"[{"/": "products/*"}]"#), path: rules + #"[0]["/"]"#),
        Case(code: .fragmentInPath, json: components(#"[{"/": "/page#top"}]"#), path: rules + #"[0]["/"]"#),
        Case(code: .queryInPath, json: components(#"[{"/": "/search?q=*"}]"#), path: rules + #"[0]["/"]"#),
        Case(code: .fragmentStartsWithHash, json: components(##"[{"#": "#top"}]"##), path: rules + ##"[0]["#"]"##),
        Case(code: .unreachableAfterCatchAll, json: components(#"[{"/": "/a"}, {"/": "*", "exclude": true}, {"/": "/b"}]"#), path: rules + "[2]"),
        Case(code: .duplicateRule, json: components(#"[{"/": "/a", "?": {"x": "1", "y": "2"}}, {"?": {"y": "2", "x": "1"}, "/": "/a", "exclude": true}]"#),
             path: rules + "[1]"),
        Case(code: .componentsNeedAndroid15, json: components(#"[{"/": "/a"}]"#), path: rules),
    ]

    @Test(arguments: cases)
    func eachCodeIsReportedWhereTheProblemIs(_ testCase: Case) {
        let report = AssetLinksLinter().lint(testCase.json)
        let diagnostic = report.diagnostics.first { $0.code == testCase.code.rawValue }
        #expect(diagnostic != nil, "\(report.diagnostics.map(\.description).joined(separator: "\n"))")
        #expect(diagnostic?.path?.description == testCase.path)
        #expect(diagnostic?.severity == testCase.code.severity)
        #expect(diagnostic?.assetLinksCode == testCase.code)
    }

    @Test func everyCodeInTheCatalogueHasACase() {
        #expect(Set(Self.cases.map(\.code)) == Set(AssetLinksLintCode.allCases))
        #expect(Self.cases.count == AssetLinksLintCode.allCases.count)
    }

    @Test func theCatalogueHasStablePrefixedCodesWithMeanings() {
        #expect(AssetLinksLinter.catalogue == AssetLinksLintCode.allCases)
        #expect(Set(AssetLinksLinter.catalogue.map(\.rawValue)).count == AssetLinksLinter.catalogue.count)
        for code in AssetLinksLinter.catalogue {
            #expect(code.rawValue.hasPrefix("assetlinks."))
            #expect(!code.summary.isEmpty)
        }
        #expect(AssetLinksLintCode.fingerprintLowercase.severity == .warning)
        #expect(AssetLinksLintCode.fingerprintWithoutColons.severity == .error)
        #expect(AssetLinksLintCode.fingerprintWrongLength.severity == .error)
    }

    // MARK: Clean files

    @Test(arguments: [
        AssetLinksFixtures.singleApp, AssetLinksFixtures.severalApps, AssetLinksFixtures.webAndApp, AssetLinksFixtures.playAndUploadKeys,
    ])
    func realWorldFilesAreClean(_ text: String) {
        #expect(AssetLinksLinter().lint(text).diagnostics == [])
    }

    @Test func theDocumentedAndroid15ExampleOnlyGetsTheVersionNote() {
        #expect(AssetLinksLinter().lint(Fixtures.android15).codes == [AssetLinksLintCode.componentsNeedAndroid15.rawValue])
    }

    // MARK: Fixes

    func only(_ code: AssetLinksLintCode, in text: String) -> Diagnostic? {
        let found = AssetLinksLinter().lint(text).diagnostics.filter { $0.code == code.rawValue }
        #expect(found.count == 1, "\(found)")
        return found.first
    }

    @Test(arguments: [
        ("sha256_cert_fingerprint", "sha256_cert_fingerprints"),
        ("packageName", "package_name"),
        ("Package_Name", "package_name"),
        ("fingerprints", "sha256_cert_fingerprints"),
        ("nameSpace", "namespace"),
    ])
    func aMisspelledTargetKeyGetsADidYouMean(_ written: String, _ meant: String) {
        let target = #"{"namespace": "android_app", "package_name": "a.b", "sha256_cert_fingerprints": ["\#(Fixtures.playKey)"], "\#(written)": 1}"#
        let diagnostic = only(.unknownKey, in: Fixtures.file(Self.statement(target: target)))
        #expect(diagnostic?.message == "unknown key \"\(written)\"; Android ignores it")
        #expect(diagnostic?.fix == "did you mean \"\(meant)\"?")
    }

    @Test func relationsInsteadOfRelationIsAMissingRelationWithARename() {
        let text = Fixtures.file(#"{"relations": ["delegate_permission/common.handle_all_urls"], "target": \#(Self.appTarget())}"#)
        #expect(only(.unknownKey, in: text)?.fix == "did you mean \"relation\"?")
        #expect(only(.missingRelation, in: text)?.fix == "rename \"relations\" to \"relation\"")
    }

    @Test func packageNameInsteadOfPackage_nameIsAMissingPackageNameWithARename() {
        let text = Fixtures.file(Self.statement(target: #"{"namespace": "android_app", "packageName": "a.b", "sha256_cert_fingerprints": ["\#(Fixtures.playKey)"]}"#))
        #expect(only(.missingPackageName, in: text)?.fix == "rename \"packageName\" to \"package_name\"")
    }

    @Test(arguments: [
        ("delegate_permission/common.handle_all_url", AssetLinkStatement.handleAllURLs),
        ("delegate_permissions/common.handle_all_urls", AssetLinkStatement.handleAllURLs),
        ("delegate_permission/common.handle-all-urls", AssetLinkStatement.handleAllURLs),
        ("delegate_permission/common.handle_all_urls ", AssetLinkStatement.handleAllURLs),
        ("common.handle_all_urls", AssetLinkStatement.handleAllURLs),
        ("delegate_permission/common.get_login_cred", AssetLinkStatement.getLoginCredentials),
    ])
    func aMisspelledRelationGetsADidYouMean(_ written: String, _ meant: String) {
        let diagnostic = only(.misspelledRelation, in: Fixtures.file(Fixtures.statement(relations: [written])))
        #expect(diagnostic?.fix == "did you mean \"\(meant)\"?")
    }

    @Test func aLowerCaseFingerprintIsAWarningWithTheUpperCaseFix() {
        let diagnostic = only(.fingerprintLowercase, in: Fixtures.file(Fixtures.statement(fingerprints: [Fixtures.playKey.lowercased()])))
        #expect(diagnostic?.severity == .warning)
        #expect(diagnostic?.fix == "write \"\(Fixtures.playKey)\"")
    }

    @Test func aFingerprintWithoutColonsGetsThemInTheFix() {
        let bare = Fixtures.playKey.lowercased().replacingOccurrences(of: ":", with: "")
        let diagnostic = only(.fingerprintWithoutColons, in: Fixtures.file(Fixtures.statement(fingerprints: [bare])))
        #expect(diagnostic?.fix == "write \"\(Fixtures.playKey)\"")
    }

    @Test func aSHA1FingerprintIsNamedAsOne() {
        let diagnostic = only(.fingerprintWrongLength, in: Fixtures.file(Fixtures.statement(fingerprints: [Self.sha1])))
        #expect(diagnostic?.message == "the fingerprint has 20 bytes; a SHA-256 fingerprint has 32 (this looks like a SHA-1 fingerprint)")
    }

    @Test(arguments: [
        ("14:6D:E9", "the fingerprint has 3 bytes; a SHA-256 fingerprint has 32"),
        ("14:6D::E9", "the fingerprint has an empty byte (a colon at an end, or two colons in a row); write 32 upper-case hex pairs separated by colons, such as \"14:6D:E9:...:E5\""),
        ("146:DE9", "\"146\" is not one byte; write each byte as two hex digits; write 32 upper-case hex pairs separated by colons, such as \"14:6D:E9:...:E5\""),
        ("14:6G", "\"14:6G\" contains \"G\"; a fingerprint is hex digits separated by colons; write 32 upper-case hex pairs separated by colons, such as \"14:6D:E9:...:E5\""),
        ("", "the fingerprint is empty; write 32 upper-case hex pairs separated by colons, such as \"14:6D:E9:...:E5\""),
    ])
    func aBadFingerprintSaysWhatIsWrong(_ fingerprint: String, _ message: String) {
        let report = AssetLinksLinter().lint(Fixtures.file(Fixtures.statement(fingerprints: [fingerprint])))
        #expect(report.diagnostics.map(\.message) == [message])
    }

    @Test(arguments: [
        ("com.example.app", nil),
        ("com.example.app_2.Wear", nil),
        ("example", "\"example\" has one segment; a package name has at least two, such as \"com.example.app\""),
        ("com.2example", "segment \"2example\" of \"com.2example\" starts with \"2\"; each segment must start with a letter"),
        ("com._example", "segment \"_example\" of \"com._example\" starts with \"_\"; each segment must start with a letter"),
        ("com.example-app", "\"com.example-app\" contains \"-\"; only letters, digits and _ are allowed"),
        ("com..example", "\"com..example\" has an empty segment (a dot at an end, or two dots in a row)"),
        ("com.example.", "\"com.example.\" has an empty segment (a dot at an end, or two dots in a row)"),
        ("", "the package name is empty"),
    ] as [(String, String?)])
    func packageNamesAreJavaStyle(_ name: String, _ problem: String?) {
        let report = AssetLinksLinter().lint(Fixtures.file(Fixtures.statement(package: name)))
        #expect(report.diagnostics.first?.message == problem.map { "\($0), so it names no app; write the applicationId from the app's build.gradle" })
    }

    @Test(arguments: [
        ("https://example.com", nil),
        ("https://example.com:8443", nil),
        ("http://example.com", "write \"https://example.com\""),
        ("https://Example.com/", "write \"https://example.com\""),
        ("https://example.com?x=1", "write \"https://example.com\""),
        ("example.com", nil),
    ] as [(String, String?)])
    func aWebSiteMustBeAnHTTPSOrigin(_ site: String, _ fix: String?) {
        let text = Fixtures.file(Self.statement(relation: #"["delegate_permission/common.get_login_creds"]"#, target: #"{"namespace": "web", "site": "\#(site)"}"#))
        let diagnostics = AssetLinksLinter().lint(text).diagnostics.filter { $0.code == AssetLinksLintCode.invalidSite.rawValue }
        if site.hasPrefix("https://example.com"), fix == nil {
            #expect(diagnostics.isEmpty)
        } else {
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?.fix == fix)
        }
    }

    @Test func aQueryStringGetsTheDictionaryAsItsFix() {
        let diagnostic = only(.queryNotDictionary, in: Self.components(#"[{"?": "dl=*&in_app=true"}]"#))
        #expect(diagnostic?.fix == #"write {"dl":"*","in_app":"true"}"#)
    }

    @Test func aQueryValueWrittenAsABooleanGetsAStringFix() {
        #expect(only(.nonStringPattern, in: Self.components(#"[{"?": {"in_app": true}}]"#))?.fix == #"write "true""#)
    }

    @Test func aNamespaceTypoIsCheckedAsTheNamespaceMeant() {
        let text = Fixtures.file(Self.statement(target: #"{"namespace": "androidapp", "package_name": "bad name", "sha256_cert_fingerprints": []}"#))
        let report = AssetLinksLinter().lint(text)
        #expect(report.codes == ["assetlinks.unknown-namespace", "assetlinks.invalid-package-name", "assetlinks.missing-fingerprints"])
        #expect(report.diagnostics.first?.fix == "did you mean \"android_app\"?")
    }

    @Test func caseSensitiveIsExplainedAsSomethingAndroidDoesNotRead() {
        let diagnostic = only(.unknownKey, in: Self.components(#"[{"/": "/a", "caseSensitive": false}]"#))
        #expect(diagnostic?.fix == "Android does not read \"caseSensitive\": patterns always compare case-sensitively")
    }

    @Test func aCommentKeyIsTheAASASpellingOfComments() {
        #expect(only(.unknownKey, in: Self.components(#"[{"/": "/a", "comment": "x"}]"#))?.fix == "did you mean \"comments\"?")
    }

    @Test func aStatementWithoutBracketsIsToldToWrapThem() {
        #expect(only(.topLevelNotArray, in: Fixtures.statement())?.fix == "wrap the statement in [ and ]")
    }

    @Test func aQueryDictionaryIsNotTakenForACatchAll() {
        let report = AssetLinksLinter().lint(Self.components(#"[{"?": {"dl": "*"}}, {"/": "/a"}]"#))
        #expect(!report.codes.contains(AssetLinksLintCode.unreachableAfterCatchAll.rawValue))
    }

    // MARK: The report

    @Test func diagnosticsComeInDocumentOrderWithLineAndColumn() {
        let text = """
        [
          {
            "relations": ["delegate_permission/common.handle_all_urls"],
            "target": {
              "namespace": "android_app",
              "package_name": "com.example.app",
              "sha256_cert_fingerprints": ["\(Fixtures.playKey.lowercased())"]
            }
          }
        ]
        """
        let report = AssetLinksLinter().lint(text)
        #expect(report.codes == ["assetlinks.no-app-links", "assetlinks.missing-relation", "assetlinks.unknown-key", "assetlinks.fingerprint-lowercase"])
        let unknown = report.diagnostics.first { $0.code == "assetlinks.unknown-key" }
        #expect(unknown?.location?.line == 3)
        #expect(unknown?.location?.column == 5)
        #expect(unknown?.description == """
        warning[assetlinks.unknown-key] [0].relations (line 3, column 5): unknown key "relations"; Android ignores it
          fix: did you mean "relation"?
        """)
        #expect(!report.passes(strict: false))
    }

    @Test func invalidJSONIsOneErrorWithThePlace() {
        let report = AssetLinksLinter().lint("[\n  {\"relation\": [,]}\n]")
        #expect(report.codes == ["assetlinks.invalid-json"])
        #expect(report.diagnostics.first?.location?.line == 2)
        #expect(report.diagnostics.first?.location?.column == 17)
    }

    @Test func aSmallerSizeLimitCanBeSet() {
        #expect(AssetLinksLinter(maximumSize: 10).lint(Fixtures.singleApp).codes == ["assetlinks.file-too-large"])
        #expect(AssetLinksLinter().lint(Fixtures.singleApp).codes == [])
    }

    // MARK: Hostile input

    @Test func randomBytesNeverCrash() async {
        await propertyCheck(count: 500, input: Gen<UInt8>.uint8().array(of: 0...300)) { bytes in
            _ = AssetLinksLinter().lint(bytes)
            _ = try? AssetLinksFile(json: bytes)
        }
    }

    @Test func corruptedFilesNeverCrash() async {
        let original = Array(Fixtures.android15.utf8)
        let edits = zip(Gen<Int>.int(in: 0...(original.count - 1)), Gen<UInt8>.uint8()).array(of: 1...6)
        await propertyCheck(count: 500, input: edits, Gen<Int>.int(in: 0...original.count)) { edits, length in
            var bytes = original
            for (index, byte) in edits { bytes[index] = byte }
            bytes = Array(bytes.prefix(length))
            _ = AssetLinksLinter().lint(bytes)
            if let file = try? AssetLinksFile(json: bytes) {
                _ = AssetLinksMatcher(file).decision(for: try LinkURL(parsing: "https://example.com/products/1?dl=1#app"), packageName: "com.example.app")
            }
        }
    }

    static let replacements: [JSONValue] = [
        .null, .bool(true), JSONValue(.number("1")), .string(""), .string("x"), .string("*"), .string("delegate_permission/common.handle_all_urls"),
        .array([]), .array([.string("a")]), .object([]), .object([("a", .string("b"))]), .object([("?", .string("a=b"))]),
        .object([("namespace", .string("android_app"))]), .object([("/", .string("*")), ("exclude", .bool(true))]),
    ]

    /// The tree with its `index`-th node (in pre-order) replaced.
    static func replacing(_ value: JSONValue, at index: inout Int, with replacement: JSONValue) -> JSONValue {
        if index == 0 { index -= 1; return replacement }
        index -= 1
        switch value.kind {
        case .array(let elements):
            return .array(elements.map { replacing($0, at: &index, with: replacement) })
        case .object(let members):
            return JSONValue(.object(members.map { JSONMember(key: $0.key, value: replacing($0.value, at: &index, with: replacement)) }))
        default:
            return value
        }
    }

    @Test func filesWithAnyValueReplacedGetDiagnosticsNotCrashes() async throws {
        let original = try JSONValue.parse(Fixtures.android15 + "")
        let matcherURL = try LinkURL(parsing: "https://example.com/shoes?in_app=true")
        await propertyCheck(count: 800, input: Gen<Int>.int(in: 0...60), Gen<Int>.int(in: 0...(Self.replacements.count - 1))) { node, pick in
            var index = node
            let mutated = Self.replacing(original, at: &index, with: Self.replacements[pick])
            let text = JSONWriter.pretty.string(for: mutated)
            let report = AssetLinksLinter().lint(text)
            if let file = try? AssetLinksFile(json: text) {
                _ = AssetLinksMatcher(file).decision(for: matcherURL, packageName: "com.example.app")
            } else {
                // Whatever the decoder refuses, the linter reports as an error.
                #expect(!report.passes(strict: false), "\(text)")
            }
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(AssetLinksLinter().lint(text).codes == ["assetlinks.invalid-json"])
    }

    /// A hang guard, not a speed assertion (speed is measured in Benchmarks/).
    @Test(.timeLimit(.minutes(1))) func hugeAndHostileFilesAreFast() {
        let longKey = String(repeating: "sha256_cert_fingerprint", count: 5_000)
        let manyRules = "[" + (0..<20_000).map { #"{"/": "/p\#($0)/*"}"# }.joined(separator: ",") + "]"
        let texts = [
            Fixtures.file(Self.statement(target: #"{"namespace": "android_app", "\#(longKey)": 1, "package_name": "\#(String(repeating: "a.", count: 50_000))a", "sha256_cert_fingerprints": ["\#(String(repeating: "AB:", count: 50_000))"]}"#)),
            Self.components(manyRules),
            "[" + Array(repeating: Fixtures.statement(relations: [String(repeating: "delegate_permission/common.handle_all_urls", count: 100)]), count: 200).joined(separator: ",") + "]",
        ]
        // The check is the time limit: a linter that went quadratic on these would not finish.
        for text in texts {
            _ = AssetLinksLinter().lint(text)
        }
    }
}
