import Testing
import AppSiteAssociation

/// Encoding writes keys in one fixed order, in two layouts, and escapes exactly what JSON needs.
@Suite struct EncodingTests {
    static let file = AssociationFile(
        appLinks: AppLinksService(
            apps: [],
            defaults: ComponentRule(caseSensitive: false),
            substitutionVariables: [SubstitutionVariable(name: "food", values: ["taco"])],
            details: [
                AppLinkDetail(
                    appIDs: ["ABCDE12345.com.example.app"],
                    appID: "ABCDE12345.com.example.old",
                    defaults: ComponentRule(percentEncoded: false),
                    components: [
                        ComponentRule(path: "/buy/*", query: .items([QueryItemPattern(name: "z", pattern: "1"), QueryItemPattern(name: "a", pattern: "?")]),
                                      fragment: "f", exclude: true, caseSensitive: true, percentEncoded: true, comment: "c"),
                    ],
                    paths: ["NOT /x"]
                ),
            ]
        ),
        webCredentials: AppsService(apps: ["ABCDE12345.com.example.app"]),
        appClips: AppsService(apps: []),
        activityContinuation: AppsService(apps: ["ABCDE12345.com.example.app"])
    )

    @Test func prettyOutputHasFixedKeyOrderTwoSpaceIndentAndAFinalNewline() {
        #expect(Self.file.encoded(style: .pretty) == """
        {
          "applinks": {
            "apps": [],
            "defaults": {
              "caseSensitive": false
            },
            "substitutionVariables": {
              "food": [
                "taco"
              ]
            },
            "details": [
              {
                "appIDs": [
                  "ABCDE12345.com.example.app"
                ],
                "appID": "ABCDE12345.com.example.old",
                "defaults": {
                  "percentEncoded": false
                },
                "components": [
                  {
                    "/": "/buy/*",
                    "?": {
                      "z": "1",
                      "a": "?"
                    },
                    "#": "f",
                    "exclude": true,
                    "caseSensitive": true,
                    "percentEncoded": true,
                    "comment": "c"
                  }
                ],
                "paths": [
                  "NOT /x"
                ]
              }
            ]
          },
          "webcredentials": {
            "apps": [
              "ABCDE12345.com.example.app"
            ]
          },
          "appclips": {
            "apps": []
          },
          "activitycontinuation": {
            "apps": [
              "ABCDE12345.com.example.app"
            ]
          }
        }

        """)
    }

    @Test func compactOutputIsOneLineWithoutSpaces() {
        let compact = Self.file.encoded(style: .compact)
        #expect(compact.hasPrefix(#"{"applinks":{"apps":[],"defaults":{"caseSensitive":false},"substitutionVariables":{"food":["taco"]},"details":[{"appIDs":"#))
        #expect(compact.hasSuffix(#""activitycontinuation":{"apps":["ABCDE12345.com.example.app"]}}"#))
        #expect(!compact.contains("\n"))
        #expect(!compact.contains(": "))
    }

    @Test func theDefaultStyleIsPretty() {
        #expect(Self.file.encoded() == Self.file.encoded(style: .pretty))
    }

    @Test func encodingTheSameFileTwiceGivesTheSameText() {
        #expect(Self.file.encoded(style: .compact) == Self.file.encoded(style: .compact))
        #expect(Self.file.jsonValue == Self.file.jsonValue)
    }

    @Test func keyOrderDoesNotDependOnTheSourceOrder() throws {
        let a = try AssociationFile(json: #"{"webcredentials": {"apps": []}, "applinks": {"details": [{"components": [{"exclude": true, "/": "/a"}], "appIDs": ["A"]}]}}"#)
        #expect(a.encoded(style: .compact) == #"{"applinks":{"details":[{"appIDs":["A"],"components":[{"/":"/a","exclude":true}]}]},"webcredentials":{"apps":[]}}"#)
    }

    @Test func detailsKeyedByAppIDReencodeInTheirOwnForm() throws {
        let json = #"{"applinks":{"apps":[],"details":{"B.b":{"paths":["*"]},"A.a":{"paths":["NOT /a"]}}}}"#
        #expect(try AssociationFile(json: json).encoded(style: .compact) == json)
    }

    @Test func anIgnoredQueryDictionaryReencodesUnchanged() throws {
        let json = #"{"applinks":{"details":[{"components":[{"?":{"a":"1","b":true,"c":[1,2.50,null],"d":{}}}]}]}}"#
        #expect(try AssociationFile(json: json).encoded(style: .compact) == json)
    }

    @Test func unknownKeysAreDroppedWhenReencoding() throws {
        let file = try AssociationFile(json: #"{"x": 1, "applinks": {"details": [{"appIds": ["A"], "components": [{"casesensitive": false}]}]}}"#)
        #expect(file.encoded(style: .compact) == #"{"applinks":{"details":[{"components":[{}]}]}}"#)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" and backslash \\", #""quote \" and backslash \\""#),
        ("/slash/", #""/slash/""#),
        ("line\nreturn\rtab\tbs\u{08}ff\u{0C}", #""line\nreturn\rtab\tbs\bff\f""#),
        ("\u{00}\u{01}\u{1F}\u{7F}", #""\u0000\u0001\u001F\u007F""#),
        ("\u{2028}\u{2029}", #""\u2028\u2029""#),
        ("café ü 😀 中文", "\"café ü 😀 中文\""),
    ])
    func stringsEscapeOnlyWhatJSONNeeds(text: String, json: String) throws {
        let file = AssociationFile(appLinks: AppLinksService(details: [AppLinkDetail(components: [ComponentRule(comment: text)])]))
        let compact = file.encoded(style: .compact)
        #expect(compact == #"{"applinks":{"details":[{"components":[{"comment":"# + json + "}]}]}}")
        #expect(try AssociationFile(json: compact) == file)
    }

    @Test func anEmptyFileEncodesAsAnEmptyObject() {
        #expect(AssociationFile().encoded(style: .compact) == "{}")
        #expect(AssociationFile().encoded(style: .pretty) == "{}\n")
    }
}
