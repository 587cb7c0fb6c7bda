import LandfallJSON
import Testing
import AppSiteAssociation

/// Reading `assetlinks.json` files: the shapes real sites serve, and errors that name the place.
@Suite struct AssetLinksDecodingTests {
    typealias Fixtures = AssetLinksFixtures

    @Test func aSingleAppStatementDecodesToOneAndroidAppTarget() throws {
        let file = try Fixtures.decode(Fixtures.singleApp)
        #expect(file.statements == [
            AssetLinkStatement(
                relations: [AssetLinkStatement.handleAllURLs],
                target: .androidApp(packageName: "com.example.app", sha256CertFingerprints: [Fixtures.playKey])
            ),
        ])
        #expect(file.includes.isEmpty)
        #expect(file.statements[0].handlesAllURLs)
        #expect(file.statements[0].dynamicAppLinkComponents == nil)
    }

    @Test func severalAppsDecodeInDocumentOrder() throws {
        let file = try Fixtures.decode(Fixtures.severalApps)
        #expect(file.statements.map(\.target.packageName) == ["com.example.app", "com.example.app.wear"])
        #expect(file.statements.map(\.target.sha256CertFingerprints) == [[Fixtures.playKey], [Fixtures.uploadKey]])
    }

    @Test func aWebTargetSharingCredentialsDecodesItsSite() throws {
        let file = try Fixtures.decode(Fixtures.webAndApp)
        #expect(file.statements[0].target == .web(site: "https://accounts.example.com"))
        #expect(file.statements[0].relations == [AssetLinkStatement.getLoginCredentials])
        #expect(file.statements[0].target.namespace == "web")
        #expect(file.statements[0].target.packageName == nil)
        #expect(file.statements[1].relations == [AssetLinkStatement.handleAllURLs, AssetLinkStatement.getLoginCredentials])
    }

    @Test func playAppSigningAndUploadKeysAreBothKeptInOrder() throws {
        let file = try Fixtures.decode(Fixtures.playAndUploadKeys)
        #expect(file.statements[0].target.sha256CertFingerprints == [Fixtures.playKey, Fixtures.uploadKey])
    }

    @Test func android15ComponentsDecodeInOrderWithEveryKey() throws {
        let file = try Fixtures.decode(Fixtures.android15)
        #expect(file.statements[0].dynamicAppLinkComponents == [
            DynamicAppLinkComponent(query: [QueryItemPattern(name: "dl", pattern: "*")]),
            DynamicAppLinkComponent(fragment: "app"),
            DynamicAppLinkComponent(path: "/products/*"),
            DynamicAppLinkComponent(path: "/shoes", query: [QueryItemPattern(name: "in_app", pattern: "true")]),
            DynamicAppLinkComponent(path: "*", exclude: true, comments: "everything else stays on the web"),
        ])
        #expect(file.statements[0].otherRelationExtensions.isEmpty)
    }

    @Test func anIncludeEntryIsKeptApartFromTheStatements() throws {
        let file = try Fixtures.decode(Fixtures.file(Fixtures.statement(), #"{"include": "https://example.com/more-statements.json"}"#))
        #expect(file.statements.count == 1)
        #expect(file.includes == ["https://example.com/more-statements.json"])
    }

    @Test func anUnknownNamespaceIsKeptAsWritten() throws {
        let target = #"{"namespace": "ios_app", "bundle": "com.example.app"}"#
        let file = try Fixtures.decode(#"[{"relation": ["x/y"], "target": \#(target)}]"#)
        #expect(file.statements[0].target == .other(try JSONValue.parse(target)))
        #expect(file.statements[0].target.namespace == "ios_app")
    }

    @Test func extensionsForOtherRelationsAreKeptAsWritten() throws {
        let file = try Fixtures.decode(#"""
        [{"relation": ["delegate_permission/common.handle_all_urls", "x/y"],
          "target": {"namespace": "web", "site": "https://example.com"},
          "relation_extensions": {"x/y": {"anything": [1, 2]}, "delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": []}}}]
        """#)
        #expect(file.statements[0].otherRelationExtensions.map(\.key) == ["x/y"])
        #expect(file.statements[0].otherRelationExtensions.first?.value == (try JSONValue.parse(#"{"anything": [1, 2]}"#)))
        #expect(file.statements[0].dynamicAppLinkComponents == [])
    }

    @Test func unknownKeysAreIgnoredAsAndroidIgnoresThem() throws {
        let file = try Fixtures.decode(#"""
        [{"relation": ["delegate_permission/common.handle_all_urls"], "note": "hi",
          "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": [], "sha256_cert_fingerprint": "AB"}}]
        """#)
        #expect(file.statements[0].target == .androidApp(packageName: "com.example.app", sha256CertFingerprints: []))
    }

    @Test func theLastOfDuplicateKeysWins() throws {
        let file = try Fixtures.decode(#"""
        [{"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "com.example.first", "package_name": "com.example.last", "sha256_cert_fingerprints": []},
          "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"?": {"a": "1", "a": "2"}}]}}}]
        """#)
        #expect(file.statements[0].target.packageName == "com.example.last")
        #expect(file.statements[0].dynamicAppLinkComponents?.first?.query == [QueryItemPattern(name: "a", pattern: "2")])
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let file = try AssetLinksFile(json: [0xEF, 0xBB, 0xBF] + Array(Fixtures.singleApp.utf8))
        #expect(file.statements.count == 1)
    }

    @Test func anEmptyArrayIsAFileWithNoStatements() throws {
        #expect(try Fixtures.decode("[]") == AssetLinksFile())
    }

    /// One malformed file and the exact place the error must name.
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var path: String
        var message: String
        var line: Int
        var column: Int
        var testDescription: String { name }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(name: "an object at the top level", json: #"{"relation": []}"#, path: "(top level)",
                  message: "expected an array of statements, found an object", line: 1, column: 1),
        ErrorCase(name: "a statement that is a number", json: "[\n  1\n]", path: "[0]",
                  message: "expected a statement object with \"relation\" and \"target\", found a number", line: 2, column: 3),
        ErrorCase(name: "relation written as a string",
                  json: #"[{"relation": "delegate_permission/common.handle_all_urls", "target": {}}]"#,
                  path: "[0].relation", message: "expected an array of strings, found a string", line: 1, column: 15),
        ErrorCase(name: "a relation that is not a string", json: #"[{"relation": ["a/b", true], "target": {}}]"#,
                  path: "[0].relation[1]", message: "expected a string, found a Boolean", line: 1, column: 23),
        ErrorCase(name: "a statement without a target", json: #"[{"relation": []}]"#, path: "[0]",
                  message: "missing \"target\" (the app or site the relations are granted to)", line: 1, column: 2),
        ErrorCase(name: "a statement without a relation, with a near spelling", json: #"[{"relations": [], "target": {}}]"#,
                  path: "[0]", message: "found \"relations\": did you mean \"relation\"?", line: 1, column: 2),
        ErrorCase(name: "a target that is an array", json: #"[{"relation": [], "target": []}]"#, path: "[0].target",
                  message: "expected a target object with \"namespace\", found an array", line: 1, column: 29),
        ErrorCase(name: "a target without a namespace", json: #"[{"relation": [], "target": {"site": "https://example.com"}}]"#,
                  path: "[0].target", message: "missing \"namespace\"", line: 1, column: 29),
        ErrorCase(name: "a namespace that is not a string", json: #"[{"relation": [], "target": {"namespace": 7}}]"#,
                  path: "[0].target.namespace", message: "expected a string, found a number", line: 1, column: 43),
        ErrorCase(name: "packageName instead of package_name",
                  json: #"[{"relation": [], "target": {"namespace": "android_app", "packageName": "com.example.app", "sha256_cert_fingerprints": []}}]"#,
                  path: "[0].target", message: "missing \"package_name\" (the app's package name, such as \"com.example.app\"); found \"packageName\": did you mean \"package_name\"?",
                  line: 1, column: 29),
        ErrorCase(name: "sha256_cert_fingerprint instead of sha256_cert_fingerprints",
                  json: #"[{"relation": [], "target": {"namespace": "android_app", "package_name": "a.b", "sha256_cert_fingerprint": []}}]"#,
                  path: "[0].target", message: "found \"sha256_cert_fingerprint\": did you mean \"sha256_cert_fingerprints\"?",
                  line: 1, column: 29),
        ErrorCase(name: "a fingerprint that is a number, on the line a person reads",
                  json: """
                  [
                    {
                      "relation": ["delegate_permission/common.handle_all_urls"],
                      "target": {
                        "namespace": "android_app",
                        "package_name": "com.example.app",
                        "sha256_cert_fingerprints": ["\(AssetLinksFixtures.playKey)", 42]
                      }
                    }
                  ]
                  """,
                  path: "[0].target.sha256_cert_fingerprints[1]", message: "expected a string, found a number", line: 7, column: 135),
        ErrorCase(name: "fingerprints written as one string",
                  json: #"[{"relation": [], "target": {"namespace": "android_app", "package_name": "a.b", "sha256_cert_fingerprints": "AB:CD"}}]"#,
                  path: "[0].target.sha256_cert_fingerprints", message: "expected an array of strings, found a string", line: 1, column: 109),
        ErrorCase(name: "a web target whose site is not a string", json: #"[{"relation": [], "target": {"namespace": "web", "site": null}}]"#,
                  path: "[0].target.site", message: "expected a string, found null", line: 1, column: 58),
        ErrorCase(name: "relation_extensions that is an array", json: #"[{"relation": [], "target": {"namespace": "x"}, "relation_extensions": []}]"#,
                  path: "[0].relation_extensions", message: "expected an object keyed by relation, found an array", line: 1, column: 72),
        ErrorCase(name: "components that are an object",
                  json: #"[{"relation": [], "target": {"namespace": "x"}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": {}}}}]"#,
                  path: #"[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components"#,
                  message: "expected an array of rule objects, found an object", line: 1, column: 151),
        ErrorCase(name: "a query written as a string",
                  json: #"[{"relation": [], "target": {"namespace": "x"}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/a"}, {"?": "dl=*"}]}}}]"#,
                  path: #"[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components[1]["?"]"#,
                  message: "expected an object of query item patterns (Android reads \"?\" only as a dictionary of item name to pattern), found a string",
                  line: 1, column: 171),
        ErrorCase(name: "a query item pattern that is a Boolean",
                  json: #"[{"relation": [], "target": {"namespace": "x"}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"?": {"in_app": true}}]}}}]"#,
                  path: #"[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components[0]["?"].in_app"#,
                  message: "expected a string, found a Boolean", line: 1, column: 169),
        ErrorCase(name: "exclude written as a string",
                  json: #"[{"relation": [], "target": {"namespace": "x"}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "*", "exclude": "true"}]}}}]"#,
                  path: #"[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components[0].exclude"#,
                  message: "expected true or false, found a string", line: 1, column: 174),
        ErrorCase(name: "an include that is not a string", json: #"[{"include": ["https://example.com/a.json"]}]"#,
                  path: "[0].include", message: "expected a string, found an array", line: 1, column: 14),
    ]

    @Test(arguments: errorCases)
    func aDecodingErrorNamesTheExactPlace(_ errorCase: ErrorCase) {
        #expect {
            _ = try AssetLinksFile(json: errorCase.json)
        } throws: { error in
            guard let error = error as? AssociationDecodingError else { return false }
            #expect(error.path.description == errorCase.path)
            #expect(error.message.contains(errorCase.message), "\(error.message)")
            #expect(error.location?.line == errorCase.line)
            #expect(error.location?.column == errorCase.column)
            #expect(error.parseError == nil)
            return true
        }
    }

    @Test func theErrorReadsAsPathMessageAndPlace() {
        #expect {
            _ = try AssetLinksFile(json: #"[{"relation": [1], "target": {}}]"#)
        } throws: { error in
            "\(error)" == "[0].relation[0]: expected a string, found a number (line 1, column 16)"
        }
    }

    @Test(arguments: [
        ("[{\"relation\": [],}]", 1, 18),
        ("[{\"relation\": []", 1, 17),
        ("", 1, 1),
        ("[{'relation': []}]", 1, 3),
    ])
    func textThatIsNotJSONIsAParseErrorWithItsLocation(_ text: String, _ line: Int, _ column: Int) {
        #expect {
            _ = try AssetLinksFile(json: text)
        } throws: { error in
            guard let error = error as? AssociationDecodingError, let parseError = error.parseError else { return false }
            return parseError.location.line == line && parseError.location.column == column
        }
    }
}
