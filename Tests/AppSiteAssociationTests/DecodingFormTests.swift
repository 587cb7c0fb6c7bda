import LandfallJSON
import Testing
import AppSiteAssociation

/// Every form of association file iOS has accepted decodes into the model.
@Suite struct DecodingFormTests {
    static let app = "ABCDE12345.com.example.app"

    /// The overview file of the DocC article `HowIOSReadsTheFile.md`, as written there.
    static let overviewFile = TestResources.semanticsExample

    @Test func theModernOverviewFileDecodesEveryKey() throws {
        let file = try AssociationFile(json: Self.overviewFile)
        let links = try #require(file.appLinks)
        #expect(links.apps == nil)
        #expect(links.defaults == ComponentRule(caseSensitive: false))
        #expect(links.substitutionVariables == [SubstitutionVariable(name: "food", values: ["burrito", "taco"])])
        #expect(links.detailsForm == .list)
        #expect(links.details.count == 1)
        let detail = links.details[0]
        #expect(detail.appIDs == [Self.app, "ABCDE12345.com.example.app2"])
        #expect(detail.appID == nil)
        #expect(detail.defaults == ComponentRule(percentEncoded: false))
        #expect(detail.paths == nil)
        #expect(detail.components == [
            ComponentRule(fragment: "no_universal_links", exclude: true, comment: "opt-out fragment"),
            ComponentRule(path: "/buy/*"),
            ComponentRule(path: "/help/website/*", exclude: true),
            ComponentRule(path: "/help/*", query: .items([QueryItemPattern(name: "articleNumber", pattern: "????")])),
            ComponentRule(path: "/$(lang)_$(region)/$(food)/*"),
        ])
        #expect(file.webCredentials == AppsService(apps: [Self.app]))
        #expect(file.appClips == AppsService(apps: ["ABCDE12345.com.example.app.Clip"]))
        #expect(file.activityContinuation == AppsService(apps: [Self.app]))
    }

    @Test func theLegacyFormDecodesAppIDAndPathsWithNOT() throws {
        let file = try AssociationFile(json: """
        {"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app",
          "paths": ["NOT /videos/wwdc/2010/*", "/videos/wwdc/201?/*", "/videos/*"]}]}}
        """)
        let links = try #require(file.appLinks)
        #expect(links.apps == [])
        let detail = links.details[0]
        #expect(detail.appID == Self.app)
        #expect(detail.appIDs == nil)
        #expect(detail.components == nil)
        #expect(detail.paths == ["NOT /videos/wwdc/2010/*", "/videos/wwdc/201?/*", "/videos/*"])
        #expect(detail.usesLegacyPaths)
        #expect(detail.effectiveAppIDs == [Self.app])
        #expect(detail.effectiveRules == [
            ComponentRule(path: "/videos/wwdc/2010/*", exclude: true),
            ComponentRule(path: "/videos/wwdc/201?/*"),
            ComponentRule(path: "/videos/*"),
        ])
    }

    @Test(arguments: [
        ("NOT /a", ComponentRule(path: "/a", exclude: true)),
        ("NOT  /a", ComponentRule(path: " /a", exclude: true)),
        ("NOT/a", ComponentRule(path: "NOT/a")),
        ("not /a", ComponentRule(path: "not /a")),
        ("/NOT /a", ComponentRule(path: "/NOT /a")),
        ("NOT ", ComponentRule(path: "", exclude: true)),
    ])
    func aLegacyPathExcludesOnlyWithNOTAndASpace(path: String, rule: ComponentRule) {
        #expect(ComponentRule(legacyPath: path) == rule)
    }

    @Test func theOldestFormKeyedByAppIDDecodesInDocumentOrder() throws {
        let file = try AssociationFile(json: """
        {"applinks": {"apps": [], "details": {
          "ZZZZZ99999.com.other.app": {"paths": ["*"]},
          "ABCDE12345.com.example.app": {"paths": ["NOT /a", "/b/*"], "appIDs": ["IGNORED"]}
        }}}
        """)
        let links = try #require(file.appLinks)
        #expect(links.detailsForm == .keyedByAppID)
        #expect(links.details.map(\.appID) == ["ZZZZZ99999.com.other.app", Self.app])
        #expect(links.details.map(\.appIDs) == [nil, nil], "the key names the app; appIDs inside is ignored")
        #expect(links.details[1].paths == ["NOT /a", "/b/*"])
    }

    @Test func defaultsAtBothLevelsKeepEveryKey() throws {
        let file = try AssociationFile(json: """
        {"applinks": {
          "defaults": {"/": "/shop/*", "?": "q=*", "#": "f", "exclude": false, "caseSensitive": false, "percentEncoded": false, "comment": "c"},
          "details": [{"appIDs": [], "defaults": {"?": {"a": "1"}, "exclude": true}, "components": []}]}}
        """)
        let links = try #require(file.appLinks)
        #expect(links.defaults == ComponentRule(path: "/shop/*", query: .string("q=*"), fragment: "f", exclude: false,
                                                caseSensitive: false, percentEncoded: false, comment: "c"))
        #expect(links.details[0].defaults == ComponentRule(query: .items([QueryItemPattern(name: "a", pattern: "1")]), exclude: true))
        #expect(links.details[0].appIDs == [])
        #expect(links.details[0].components == [])
    }

    @Test func substitutionVariablesKeepFileOrder() throws {
        let file = try AssociationFile(json: #"{"applinks": {"substitutionVariables": {"z": ["1"], "a": [], "m": ["x*", "y?"]}, "details": []}}"#)
        #expect(file.appLinks?.substitutionVariables?.map(\.name) == ["z", "a", "m"])
        #expect(file.appLinks?.substitutionVariables?.last?.values == ["x*", "y?"])
    }

    @Test func aQueryDictionaryWithANonStringValueIsKeptButIgnored() throws {
        let file = try AssociationFile(json: #"{"applinks": {"details": [{"components": [{"?": {"a": "1", "b": true}}]}]}}"#)
        let query = try #require(file.appLinks?.details[0].components?[0].query)
        guard case .ignoredDictionary(let raw) = query else {
            Issue.record("expected an ignored dictionary, got \(query)")
            return
        }
        #expect(raw == .object([("a", .string("1")), ("b", .bool(true))]))
    }

    @Test func aQueryStringDecodesAsAString() throws {
        let file = try AssociationFile(json: #"{"applinks": {"details": [{"components": [{"?": "a=1&b=*"}]}]}}"#)
        #expect(file.appLinks?.details[0].components?[0].query == .string("a=1&b=*"))
    }

    @Test func componentsAndPathsTogetherDecodeBothAndComponentsWin() throws {
        let file = try AssociationFile(json: #"{"applinks": {"details": [{"appIDs": ["A"], "components": [{"/": "/new"}], "paths": ["/old"]}]}}"#)
        let detail = try #require(file.appLinks?.details.first)
        #expect(detail.components == [ComponentRule(path: "/new")])
        #expect(detail.paths == ["/old"])
        #expect(!detail.usesLegacyPaths)
        #expect(detail.effectiveRules == [ComponentRule(path: "/new")])
    }

    @Test func appIDsWinOverAppIDEvenWhenEmpty() throws {
        let file = try AssociationFile(json: #"{"applinks": {"details": [{"appID": "A.b", "appIDs": []}, {"appID": "A.c"}, {"appID": "A.d", "appIDs": ["A.e"]}]}}"#)
        #expect(file.appLinks?.details.map(\.effectiveAppIDs) == [[], ["A.c"], ["A.e"]])
    }

    @Test func unknownKeysAreIgnoredAtEveryLevel() throws {
        let file = try AssociationFile(json: """
        {"extra": 1, "applinks": {"appIds": 2, "details": [{"appIDs": ["A"], "casesensitive": [], "components": [{"/": "/a", "query": {}, "casesensitive": false}]}]},
         "webcredentials": {"apps": [], "x": null}}
        """)
        #expect(file.appLinks?.details[0].components == [ComponentRule(path: "/a")])
        #expect(file.webCredentials == AppsService(apps: []))
    }

    @Test func aDuplicateKeyTakesTheLastValueLikeIOSJSONReader() throws {
        let file = try AssociationFile(json: #"{"applinks": {"details": [{"appIDs": ["A"], "components": [{"/": "/first", "/": "/last"}]}]}}"#)
        #expect(file.appLinks?.details[0].components?[0].path == "/last")
    }

    @Test func aDuplicateQueryItemNameKeepsItsFirstPlaceAndLastPattern() throws {
        let file = try AssociationFile(json: #"{"applinks": {"details": [{"components": [{"?": {"a": "1", "b": "2", "a": "3"}}]}]}}"#)
        #expect(file.appLinks?.details[0].components?[0].query == .items([
            QueryItemPattern(name: "a", pattern: "3"), QueryItemPattern(name: "b", pattern: "2"),
        ]))
    }

    @Test func aServiceWithoutAppsHasNone() throws {
        let file = try AssociationFile(json: #"{"webcredentials": {}, "appclips": {"apps": []}}"#)
        #expect(file.webCredentials == AppsService(apps: []))
        #expect(file.appClips == AppsService(apps: []))
        #expect(file.appLinks == nil)
        #expect(file.activityContinuation == nil)
    }

    @Test func anEmptyObjectIsAFileWithNoServices() throws {
        #expect(try AssociationFile(json: "{}") == AssociationFile())
        #expect(try AssociationFile(json: #"{"applinks": {}}"#) == AssociationFile(appLinks: AppLinksService()))
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"applinks": {"details": []}}"#.utf8)
        #expect(try AssociationFile(json: bytes) == AssociationFile(appLinks: AppLinksService()))
    }

    @Test func bytesAndTextAndTreeDecodeAlike() throws {
        let fromText = try AssociationFile(json: Self.overviewFile)
        let fromBytes = try AssociationFile(json: Array(Self.overviewFile.utf8))
        let fromTree = try AssociationFile(jsonValue: try JSONValue.parse(Self.overviewFile))
        #expect(fromText == fromBytes)
        #expect(fromText == fromTree)
    }

    @Test func nonASCIIAndEscapedStringsDecodeToTheirCharacters() throws {
        let file = try AssociationFile(json: #"{"applinks": {"details": [{"components": [{"/": "/caf\u00e9/\"q\"\\/ü", "comment": "\ud83d\ude00\t"}]}]}}"#)
        let rule = try #require(file.appLinks?.details[0].components?[0])
        #expect(rule.path == "/café/\"q\"\\/ü")
        #expect(rule.comment == "😀\t")
    }
}
