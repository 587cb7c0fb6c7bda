import AppSiteAssociation
import Foundation
import LandfallJSON
import LandfallSite
import LandfallXML
import Testing

/// The Expo `app.json` fragment says what the other app files say, in Expo's shape, and merging it
/// into a real `app.json` changes only the keys Landfall writes.
@Suite struct ExpoConfigWriterTests {
    static let demoFragment = """
        {
          "expo": {
            "scheme": "dailypuzzle",
            "ios": {
              "associatedDomains": [
                "applinks:daily.example.com",
                "applinks:www.daily.example.com",
                "applinks:go.daily.example.com",
                "applinks:open.dailypuzzle.app"
              ]
            },
            "android": {
              "intentFilters": [
                {
                  "action": "VIEW",
                  "autoVerify": true,
                  "data": [
                    {
                      "scheme": "https"
                    },
                    {
                      "host": "daily.example.com"
                    },
                    {
                      "host": "www.daily.example.com"
                    },
                    {
                      "host": "open.dailypuzzle.app"
                    },
                    {
                      "path": "/puzzle/today"
                    },
                    {
                      "pathPattern": "/puzzle/..*"
                    },
                    {
                      "pathPattern": "/invites/..*"
                    },
                    {
                      "pathPattern": "/news/..*"
                    }
                  ],
                  "category": [
                    "BROWSABLE",
                    "DEFAULT"
                  ]
                },
                {
                  "action": "VIEW",
                  "autoVerify": true,
                  "data": [
                    {
                      "scheme": "https"
                    },
                    {
                      "host": "go.daily.example.com"
                    },
                    {
                      "pathPattern": "/..*"
                    }
                  ],
                  "category": [
                    "BROWSABLE",
                    "DEFAULT"
                  ]
                },
                {
                  "action": "VIEW",
                  "data": [
                    {
                      "scheme": "dailypuzzle"
                    }
                  ],
                  "category": [
                    "BROWSABLE",
                    "DEFAULT"
                  ]
                }
              ]
            }
          }
        }

        """

    @Test func theDemosFragmentHasTheSchemeTheDomainsAndTheFilters() throws {
        let site = try ExpoFixtures.demoSite()
        let plan = try AppLinkPlan(for: "daily", in: site.configuration)
        #expect(ExpoConfigWriter.text(for: plan, configuration: site.configuration) == Self.demoFragment)
    }

    struct PlatformCase: Sendable, CustomTestStringConvertible {
        var name: String
        var ios = true
        var android = true
        var schemes = true
        var keys: [String]
        var testDescription: String { name }
    }

    static let platformCases: [PlatformCase] = [
        PlatformCase(name: "both platforms and a scheme", keys: ["scheme", "ios", "android"]),
        PlatformCase(name: "no custom scheme: no scheme key", schemes: false, keys: ["ios", "android"]),
        PlatformCase(name: "an app without iOS gets no ios key", ios: false, keys: ["scheme", "android"]),
        PlatformCase(name: "an app without Android gets no android key", android: false, keys: ["scheme", "ios"]),
    ]

    @Test(arguments: platformCases)
    func theFragmentHasAKeyForEachPlatformTheAppHas(_ example: PlatformCase) throws {
        var configuration = try ExpoFixtures.demoSite().configuration
        if !example.schemes { configuration.schemes = [] }
        var app = try #require(configuration.apps.first)
        if !example.ios { app.ios = nil }
        if !example.android { app.android = nil }
        let plan = AppLinkPlan(app: app, in: configuration)
        let fragment = ExpoConfigWriter.fragment(for: plan, configuration: configuration)
        #expect(fragment["expo"]?.objectMembers?.map(\.key) == example.keys)
    }

    /// Expo's config plugin turns each filter into `<intent-filter>` with `android.intent.action.`
    /// and `android.intent.category.` before the names, and each `data` object's keys into
    /// `android:` attributes; the result must be the manifest `landfall config android-manifest`
    /// writes, filter for filter and `<data>` for `<data>`.
    @Test(arguments: [24, 26])
    func expoPrebuildWritesTheFiltersTheManifestWriterWrites(minSDK: Int) throws {
        let site = try ExpoFixtures.demoSite([DocumentEdit("      package: com.example.dailypuzzle\n",
                                                           "      package: com.example.dailypuzzle\n      minSdk: \(minSDK)\n")])
        let plan = try AppLinkPlan(for: "daily", in: site.configuration)
        let manifest = try XMLTree(text: try AndroidManifestWriter.document(for: plan))
        let written = manifest.root.descendants(named: "intent-filter").map(ExpoFixtures.Filter.init(element:))

        let fragment = ExpoConfigWriter.fragment(for: plan, configuration: site.configuration)
        let filters = try #require(fragment["expo"]?["android"]?["intentFilters"]?.arrayValue)
        let prebuilt = filters.map(ExpoFixtures.Filter.init(expo:))
        #expect(prebuilt == written)
        #expect(written.count == 3)
    }

    // MARK: - Merging

    @Test func mergingIntoARealAppJSONChangesOnlyTheKeysLandfallWrites() throws {
        let original = try ExpoFixtures.file("expo-app.json")
        let (site, plan) = try ExpoFixtures.demo()
        let merged = try ExpoConfigWriter.merge(plan, configuration: site.configuration, into: original)

        let before = try JSONValue.parse(original)
        let after = try JSONValue.parse(merged.text)
        #expect(ExpoFixtures.removing(ExpoFixtures.mergedPaths, from: before) == ExpoFixtures.removing(ExpoFixtures.mergedPaths, from: after))
        #expect(after["expo"]?["scheme"] == .string("dailypuzzle"))
        #expect(after["expo"]?["ios"]?["associatedDomains"] == .array([
            "applinks:daily.example.com", "applinks:www.daily.example.com", "applinks:go.daily.example.com",
            "applinks:open.dailypuzzle.app", "applinks:legacy.dailypuzzle.app", "activitycontinuation:daily.example.com",
        ].map(JSONValue.string)))
        let filters = try #require(after["expo"]?["android"]?["intentFilters"]?.arrayValue)
        #expect(filters.map { $0["action"]?.stringValue } == ["VIEW", "VIEW", "VIEW", "SEND"])

        // Outside the two arrays and the new scheme, every line is as it was, byte for byte.
        let untouched = ExpoFixtures.linesOutside(["associatedDomains", "intentFilters"], in: original)
        let kept = ExpoFixtures.linesOutside(["associatedDomains", "intentFilters"], in: merged.text)
            .filter { $0 != "    \"scheme\": \"dailypuzzle\"" }
        #expect(kept == untouched.map { $0 == "    \"owner\": \"daily-puzzle\"" ? $0 + "," : $0 })
        // The kept share filter is copied as it was spelled.
        #expect(merged.text.contains("""
                    {
                      "action": "SEND",
                      "data": [{"mimeType": "text/plain"}],
                      "category": ["DEFAULT"]
                    }
                  ]
            """))
        #expect(merged.text.hasSuffix("}\n"))
        #expect(merged.notes == [
            "kept expo.ios.associatedDomains entry \"applinks:legacy.dailypuzzle.app\" (line 25): not a host of landfall.yml",
            "kept expo.ios.associatedDomains entry \"activitycontinuation:daily.example.com\" (line 26): Landfall writes only applinks: and webcredentials: entries",
            "replaced expo.android.intentFilters[1] (line 47): it claimed daily.example.com, which Landfall's filters now declare from the routes",
        ])
    }

    @Test func mergingTwiceGivesWhatMergingOnceGave() throws {
        let (site, plan) = try ExpoFixtures.demo()
        for original in [try ExpoFixtures.file("expo-app.json"), "{\n\t\"expo\": {\n\t\t\"name\": \"x\"\n\t}\n}", "{}", "{\"name\": \"x\"}\n"] {
            let once = try ExpoConfigWriter.merge(plan, configuration: site.configuration, into: original)
            let twice = try ExpoConfigWriter.merge(plan, configuration: site.configuration, into: once.text)
            #expect(twice.text == once.text)
            #expect(!twice.notes.contains { $0.hasPrefix("replaced") })
        }
    }

    struct LayoutCase: Sendable, CustomTestStringConvertible {
        var name: String
        var original: String
        var merged: String
        var testDescription: String { name }
    }

    /// A site with one host and no routes that open the app, so that the merged parts are short.
    static let smallSite = """
        site: {name: Small, timeZone: UTC}
        hosts: {site: small.example.com}
        apps:
          - name: small
            ios: {teamID: ABCDE12345, bundleID: com.example.small}
        schemes: [small]
        routes:
          - {name: home, pattern: /home}

        """

    static let layoutCases: [LayoutCase] = [
        LayoutCase(name: "four spaces, no final newline", original: "{\n    \"expo\": {\n        \"name\": \"Small\"\n    }\n}",
                   merged: """
                   {
                       "expo": {
                           "name": "Small",
                           "scheme": "small",
                           "ios": {
                               "associatedDomains": [
                                   "applinks:small.example.com"
                               ]
                           }
                       }
                   }
                   """),
        LayoutCase(name: "tabs and an existing empty ios", original: "{\n\t\"expo\": {\n\t\t\"ios\": {}\n\t}\n}\n",
                   merged: "{\n\t\"expo\": {\n\t\t\"ios\": {\n\t\t\t\"associatedDomains\": [\n\t\t\t\t\"applinks:small.example.com\"\n\t\t\t]\n\t\t},\n\t\t\"scheme\": \"small\"\n\t}\n}\n"),
        LayoutCase(name: "an object without expo gets one", original: "{\n  \"comment\": \"managed by hand\"\n}\n",
                   merged: """
                   {
                     "comment": "managed by hand",
                     "expo": {
                       "scheme": "small",
                       "ios": {
                         "associatedDomains": [
                           "applinks:small.example.com"
                         ]
                       }
                     }
                   }

                   """),
        LayoutCase(name: "an existing array in a compact file", original: #"{"expo": {"scheme": "small", "ios": {"associatedDomains": ["applinks:small.example.com?mode=developer"]}}}"#,
                   merged: "{\"expo\": {\"scheme\": \"small\", \"ios\": {\"associatedDomains\": [\n  \"applinks:small.example.com\"\n]}}}"),
        LayoutCase(name: "a byte-order mark stays", original: "\u{FEFF}{\"expo\": {}}\n",
                   merged: "\u{FEFF}{\"expo\": {\n  \"scheme\": \"small\",\n  \"ios\": {\n    \"associatedDomains\": [\n      \"applinks:small.example.com\"\n    ]\n  }\n}}\n"),
    ]

    @Test(arguments: layoutCases)
    func newTextFollowsTheFilesIndentationAndEnding(_ example: LayoutCase) throws {
        let site = try SiteConfigurationReader.site(yaml: Self.smallSite)
        let plan = try AppLinkPlan(for: "small", in: site.configuration)
        let merged = try ExpoConfigWriter.merge(plan, configuration: site.configuration, into: example.original)
        #expect(Array(merged.text.utf8) == Array(example.merged.utf8), "\(merged.text)")
        _ = try JSONValue.parse(merged.text)
    }

    @Test func aBareConfigIsMergedAtTheTopLevelWithANote() throws {
        let site = try SiteConfigurationReader.site(yaml: Self.smallSite)
        let plan = try AppLinkPlan(for: "small", in: site.configuration)
        let merged = try ExpoConfigWriter.merge(plan, configuration: site.configuration, into: "{\n  \"name\": \"Small\",\n  \"slug\": \"small\"\n}\n")
        #expect(merged.text == """
            {
              "name": "Small",
              "slug": "small",
              "scheme": "small",
              "ios": {
                "associatedDomains": [
                  "applinks:small.example.com"
                ]
              }
            }

            """)
        #expect(merged.notes == ["app.json has no \"expo\" key, but its top level is an Expo config (it has name, slug): merged there"])
    }

    @Test func aDifferentSchemeIsKeptWithANote() throws {
        let site = try SiteConfigurationReader.site(yaml: Self.smallSite)
        let plan = try AppLinkPlan(for: "small", in: site.configuration)
        let original = "{\"expo\": {\"scheme\": \"smallapp\", \"ios\": {\"associatedDomains\": []}}}\n"
        let merged = try ExpoConfigWriter.merge(plan, configuration: site.configuration, into: original)
        #expect(merged.text.contains("\"scheme\": \"smallapp\""))
        #expect(merged.notes == [
            "kept expo.scheme \"smallapp\": landfall.yml's custom scheme is small, so small:// links open the app only when "
                + "the scheme is also registered (write \"scheme\": [\"smallapp\", \"small\"])",
        ])
        let listed = try ExpoConfigWriter.merge(plan, configuration: site.configuration,
                                                into: "{\"expo\": {\"scheme\": [\"smallapp\", \"small\"]}}")
        #expect(listed.notes == [])
    }

    struct BrokenCase: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var error: AppFileMergeError
        var testDescription: String { name }
    }

    static let brokenCases: [BrokenCase] = [
        BrokenCase(name: "not JSON", text: "{\n  \"expo\": {\n    \"name\": \"x\",\n  }\n}\n",
                   error: AppFileMergeError("app.json is not valid JSON (line 4, column 3): trailing comma before '}' is not allowed in JSON", line: 4)),
        BrokenCase(name: "an array at the top", text: "[]\n",
                   error: AppFileMergeError("the top level of app.json must be an object such as {\"expo\": {...}}, not an array", line: 1)),
        BrokenCase(name: "expo is a string", text: "{\n  \"expo\": \"app.config.js\"\n}\n",
                   error: AppFileMergeError("\"expo\" must be an object holding the app's config, not a string", line: 2)),
        BrokenCase(name: "ios is an array", text: "{\"expo\": {\"ios\": []}}",
                   error: AppFileMergeError("expo.ios must be an object, not an array", line: 1)),
        BrokenCase(name: "associatedDomains is a string", text: "{\"expo\": {\"ios\": {\n\"associatedDomains\": \"applinks:x\"}}}",
                   error: AppFileMergeError("expo.ios.associatedDomains must be an array of strings such as \"applinks:example.com\", not a string", line: 2)),
        BrokenCase(name: "intentFilters is an object", text: "{\"expo\": {\"android\": {\"intentFilters\": {}}}}",
                   error: AppFileMergeError("expo.android.intentFilters must be an array of intent filters, not an object", line: 1)),
    ]

    @Test(arguments: brokenCases)
    func aFileThatCannotBeMergedIsRefusedWithWhatIsWrongAndWhere(_ example: BrokenCase) throws {
        let (site, plan) = try ExpoFixtures.demo()
        #expect(throws: example.error) {
            try ExpoConfigWriter.merge(plan, configuration: site.configuration, into: example.text)
        }
    }
}
