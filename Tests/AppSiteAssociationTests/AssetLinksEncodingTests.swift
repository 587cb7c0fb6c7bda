import LandfallJSON
import Testing
import PropertyBased
import AppSiteAssociation

/// Writing `assetlinks.json` files: fixed key order, both styles, and decode ∘ encode = identity.
@Suite struct AssetLinksEncodingTests {
    typealias Fixtures = AssetLinksFixtures

    @Test func prettyOutputListsKeysInTheFixedOrder() throws {
        let file = AssetLinksFile(statements: [
            .appLinks(packageName: "com.example.app", sha256CertFingerprints: [Fixtures.playKey], dynamicAppLinkComponents: [
                DynamicAppLinkComponent(path: "/shoes", query: [QueryItemPattern(name: "in_app", pattern: "true")], fragment: "*",
                                        exclude: false, comments: "shoes"),
            ]),
        ])
        #expect(file.encoded() == """
        [
          {
            "relation": [
              "delegate_permission/common.handle_all_urls"
            ],
            "target": {
              "namespace": "android_app",
              "package_name": "com.example.app",
              "sha256_cert_fingerprints": [
                "\(Fixtures.playKey)"
              ]
            },
            "relation_extensions": {
              "delegate_permission/common.handle_all_urls": {
                "dynamic_app_link_components": [
                  {
                    "/": "/shoes",
                    "?": {
                      "in_app": "true"
                    },
                    "#": "*",
                    "exclude": false,
                    "comments": "shoes"
                  }
                ]
              }
            }
          }
        ]

        """)
    }

    @Test func compactOutputIsOneLineWithoutSpaces() throws {
        let file = try Fixtures.decode(Fixtures.webAndApp)
        #expect(file.encoded(style: .compact) == """
        [{"relation":["delegate_permission/common.get_login_creds"],"target":{"namespace":"web","site":"https://accounts.example.com"}},\
        {"relation":["delegate_permission/common.handle_all_urls","delegate_permission/common.get_login_creds"],\
        "target":{"namespace":"android_app","package_name":"com.example.app","sha256_cert_fingerprints":["\(Fixtures.playKey)"]}}]
        """)
    }

    @Test func keysWrittenInAnyOrderComeOutInTheFixedOrder() throws {
        let file = try Fixtures.decode(#"""
        [{"target": {"sha256_cert_fingerprints": ["AA"], "package_name": "a.b", "namespace": "android_app"}, "relation": ["x/y"]},
         {"include": "https://example.com/more.json"}]
        """#)
        #expect(file.encoded(style: .compact) == #"""
        [{"relation":["x/y"],"target":{"namespace":"android_app","package_name":"a.b","sha256_cert_fingerprints":["AA"]}},{"include":"https://example.com/more.json"}]
        """#)
    }

    @Test(arguments: [
        AssetLinksFixtures.singleApp, AssetLinksFixtures.severalApps, AssetLinksFixtures.webAndApp,
        AssetLinksFixtures.playAndUploadKeys, AssetLinksFixtures.android15,
    ])
    func everyRealWorldShapeRoundTripsInBothStyles(_ text: String) throws {
        let file = try Fixtures.decode(text)
        for style in JSONStyle.allCases {
            #expect(try AssetLinksFile(json: file.encoded(style: style)) == file)
        }
    }

    @Test func anUnknownNamespaceAndOtherExtensionsAreWrittenBackUnchanged() throws {
        let text = #"[{"relation":["x/y"],"target":{"namespace":"ios_app","bundle":"a.b"},"relation_extensions":{"x/y":{"k":[1,2.5e3,null]}}}]"#
        #expect(try Fixtures.decode(text).encoded(style: .compact) == text)
    }

    @Test func encodingTheSameFileTwiceGivesTheSameText() throws {
        let file = try Fixtures.decode(Fixtures.android15)
        #expect(file.encoded() == file.encoded())
        #expect(try Fixtures.decode(file.encoded()).encoded() == file.encoded())
    }

    // MARK: Generated files

    /// Text with the characters that need care in JSON and in patterns.
    static let pieces = ["a", "Z", "0", "_", ".", "/", "*", "?", "#", "&", "=", "\"", "\\", "\n", "\u{01}", "é", "😀", "$(", ")", " "]

    static let text: Generator<String, some SendableSequenceType> = Gen<Int>.int(in: 0...(pieces.count - 1))
        .array(of: 0...6)
        .map { (indices: [Int]) in indices.map { pieces[$0] }.joined() }

    static let queryItems: Generator<[QueryItemPattern], some SendableSequenceType> = zip(text, text).array(of: 0...3).map { (pairs: [(String, String)]) in
        var seen = Set<String>()
        // Decoding keeps the last of duplicate names, so a generated dictionary has none.
        return pairs.filter { seen.insert($0.0).inserted }.map { QueryItemPattern(name: $0.0, pattern: $0.1) }
    }

    static let component: Generator<DynamicAppLinkComponent, some SendableSequenceType> =
        zip(text.optional, queryItems.optional, text.optional, Gen.bool.optional, text.optional)
            .map { (parts: (String?, [QueryItemPattern]?, String?, Bool?, String?)) in
                DynamicAppLinkComponent(path: parts.0, query: parts.1, fragment: parts.2, exclude: parts.3, comments: parts.4)
            }

    static let target: Generator<AssetLinkTarget, some SendableSequenceType> = zip(Gen<Int>.int(in: 0...2), text, text.array(of: 0...3))
        .map { (parts: (Int, String, [String])) -> AssetLinkTarget in
            switch parts.0 {
            case 0: .androidApp(packageName: parts.1, sha256CertFingerprints: parts.2)
            case 1: .web(site: parts.1)
            default: .other(.object([("namespace", .string("other_" + parts.1)), ("value", .array(parts.2.map(JSONValue.string)))]))
            }
        }

    static let otherExtensions: Generator<[JSONMember], some SendableSequenceType> = zip(text, text).array(of: 0...2).map { (pairs: [(String, String)]) in
        var seen: Set<String> = [AssetLinkStatement.handleAllURLs]
        return pairs.filter { seen.insert($0.0).inserted }.map { JSONMember(key: $0.0, value: .object([("note", .string($0.1))])) }
    }

    static let statement: Generator<AssetLinkStatement, some SendableSequenceType> =
        zip(text.array(of: 0...3), target, component.array(of: 0...4).optional, otherExtensions)
            .map { (parts: ([String], AssetLinkTarget, [DynamicAppLinkComponent]?, [JSONMember])) in
                AssetLinkStatement(relations: parts.0, target: parts.1, dynamicAppLinkComponents: parts.2, otherRelationExtensions: parts.3)
            }

    static let file: Generator<AssetLinksFile, some SendableSequenceType> = zip(statement.array(of: 0...4), text.array(of: 0...2))
        .map { (parts: ([AssetLinkStatement], [String])) in AssetLinksFile(statements: parts.0, includes: parts.1) }

    @Test func decodingTheEncodingOfAnyFileGivesItBack() async {
        await propertyCheck(count: 300, input: Self.file) { file in
            for style in JSONStyle.allCases {
                let text = file.encoded(style: style)
                #expect(throws: Never.self) { try AssetLinksFile(json: text) }
                #expect((try? AssetLinksFile(json: text)) == file, "\(text)")
            }
        }
    }

    @Test func encodingIsDeterministicForAnyFile() async {
        await propertyCheck(count: 200, input: Self.file) { file in
            let once = file.encoded(style: .compact)
            let decoded = try AssetLinksFile(json: once)
            #expect(decoded.encoded(style: .compact) == once)
        }
    }
}
