import Foundation
import LandfallJSON
import Testing
import AppSiteAssociation

/// A value of the wrong type is an error naming its exact place; input that is not JSON, or
/// hostile JSON, is a clean error, never a crash.
@Suite struct DecodingErrorTests {
    struct WrongType: Sendable, CustomTestStringConvertible {
        var json: String
        var path: String
        var found: String
        var testDescription: String { path }
    }

    static let wrongTypes: [WrongType] = [
        WrongType(json: #"[]"#, path: "(top level)", found: "an array"),
        WrongType(json: #"{"applinks": []}"#, path: "applinks", found: "an array"),
        WrongType(json: #"{"applinks": {"apps": "x"}}"#, path: "applinks.apps", found: "a string"),
        WrongType(json: #"{"applinks": {"apps": [null]}}"#, path: "applinks.apps[0]", found: "null"),
        WrongType(json: #"{"applinks": {"defaults": []}}"#, path: "applinks.defaults", found: "an array"),
        WrongType(json: #"{"applinks": {"defaults": {"/": 1}}}"#, path: #"applinks.defaults["/"]"#, found: "a number"),
        WrongType(json: #"{"applinks": {"defaults": {"caseSensitive": "no"}}}"#, path: "applinks.defaults.caseSensitive", found: "a string"),
        WrongType(json: #"{"applinks": {"substitutionVariables": []}}"#, path: "applinks.substitutionVariables", found: "an array"),
        WrongType(json: #"{"applinks": {"substitutionVariables": {"food": "taco"}}}"#, path: "applinks.substitutionVariables.food", found: "a string"),
        WrongType(json: #"{"applinks": {"substitutionVariables": {"food": ["taco", 1]}}}"#, path: "applinks.substitutionVariables.food[1]", found: "a number"),
        WrongType(json: #"{"applinks": {"details": "x"}}"#, path: "applinks.details", found: "a string"),
        WrongType(json: #"{"applinks": {"details": [1]}}"#, path: "applinks.details[0]", found: "a number"),
        WrongType(json: #"{"applinks": {"details": [{}, {"appIDs": "A"}]}}"#, path: "applinks.details[1].appIDs", found: "a string"),
        WrongType(json: #"{"applinks": {"details": [{"appIDs": ["A", true]}]}}"#, path: "applinks.details[0].appIDs[1]", found: "a Boolean"),
        WrongType(json: #"{"applinks": {"details": [{"appID": ["A"]}]}}"#, path: "applinks.details[0].appID", found: "an array"),
        WrongType(json: #"{"applinks": {"details": [{"defaults": "x"}]}}"#, path: "applinks.details[0].defaults", found: "a string"),
        WrongType(json: #"{"applinks": {"details": [{"defaults": {"exclude": 1}}]}}"#, path: "applinks.details[0].defaults.exclude", found: "a number"),
        WrongType(json: #"{"applinks": {"details": [{"components": {}}]}}"#, path: "applinks.details[0].components", found: "an object"),
        WrongType(json: #"{"applinks": {"details": [{"components": ["/a"]}]}}"#, path: "applinks.details[0].components[0]", found: "a string"),
        WrongType(json: #"{"applinks": {"details": [{}, {}, {"components": [{"?": []}]}]}}"#, path: #"applinks.details[2].components[0]["?"]"#, found: "an array"),
        WrongType(json: #"{"applinks": {"details": [{"components": [{"?": 5}]}]}}"#, path: #"applinks.details[0].components[0]["?"]"#, found: "a number"),
        WrongType(json: #"{"applinks": {"details": [{"components": [{}, {"/": null}]}]}}"#, path: #"applinks.details[0].components[1]["/"]"#, found: "null"),
        WrongType(json: ##"{"applinks": {"details": [{"components": [{"#": 1}]}]}}"##, path: ##"applinks.details[0].components[0]["#"]"##, found: "a number"),
        WrongType(json: #"{"applinks": {"details": [{"components": [{"exclude": "true"}]}]}}"#, path: "applinks.details[0].components[0].exclude", found: "a string"),
        WrongType(json: #"{"applinks": {"details": [{"components": [{"caseSensitive": 0}]}]}}"#, path: "applinks.details[0].components[0].caseSensitive", found: "a number"),
        WrongType(json: #"{"applinks": {"details": [{"components": [{"percentEncoded": null}]}]}}"#, path: "applinks.details[0].components[0].percentEncoded", found: "null"),
        WrongType(json: #"{"applinks": {"details": [{"components": [{"comment": ["x"]}]}]}}"#, path: "applinks.details[0].components[0].comment", found: "an array"),
        WrongType(json: #"{"applinks": {"details": [{"paths": "/a"}]}}"#, path: "applinks.details[0].paths", found: "a string"),
        WrongType(json: #"{"applinks": {"details": [{"paths": ["/a", {}]}]}}"#, path: "applinks.details[0].paths[1]", found: "an object"),
        WrongType(json: #"{"applinks": {"details": {"ABCDE12345.com.example.app": []}}}"#, path: #"applinks.details["ABCDE12345.com.example.app"]"#, found: "an array"),
        WrongType(json: #"{"applinks": {"details": {"A": {"paths": [1]}}}}"#, path: "applinks.details.A.paths[0]", found: "a number"),
        WrongType(json: #"{"webcredentials": []}"#, path: "webcredentials", found: "an array"),
        WrongType(json: #"{"webcredentials": {"apps": [1]}}"#, path: "webcredentials.apps[0]", found: "a number"),
        WrongType(json: #"{"appclips": {"apps": "A"}}"#, path: "appclips.apps", found: "a string"),
        WrongType(json: #"{"activitycontinuation": 1}"#, path: "activitycontinuation", found: "a number"),
    ]

    @Test(arguments: wrongTypes)
    func aWrongTypeNamesItsPlaceAndWhatWasFound(_ wrong: WrongType) {
        let error = #expect(throws: AssociationDecodingError.self) { try AssociationFile(json: wrong.json) }
        #expect(error?.path.description == wrong.path)
        #expect(error?.message.hasPrefix("expected ") == true)
        #expect(error?.message.hasSuffix("found \(wrong.found)") == true, "\(error?.message ?? "")")
        #expect(error?.parseError == nil)
        #expect(error?.location != nil)
    }

    @Test func theErrorPointsAtTheLineAndColumnOfTheValue() {
        let json = """
        {
          "applinks": {
            "details": [
              {
                "appIDs": ["ABCDE12345.com.example.app"],
                "components": [{ "/": "/a", "?": ["x"] }]
              }
            ]
          }
        }
        """
        let error = #expect(throws: AssociationDecodingError.self) { try AssociationFile(json: json) }
        #expect(error?.path.description == #"applinks.details[0].components[0]["?"]"#)
        #expect(error?.location?.line == 6)
        #expect(error?.location?.column == 42)
        #expect(error?.description == #"applinks.details[0].components[0]["?"]: expected a string or an object of strings, found an array (line 6, column 42)"#)
    }

    @Test func columnsCountCharactersNotBytes() {
        let error = #expect(throws: AssociationDecodingError.self) {
            try AssociationFile(json: #"{"applinks": {"details": [{"comment": "ééé", "appID": 1}]}}"#)
        }
        #expect(error?.location?.column == 55, "55 characters in, though 58 bytes")
    }

    @Test func theErrorPathIsAJSONPathValue() {
        let error = #expect(throws: AssociationDecodingError.self) {
            try AssociationFile(json: #"{"applinks": {"details": [{}, {}, {"components": [{"?": []}]}]}}"#)
        }
        #expect(error?.path == ["applinks", "details", 2, "components", 0, "?"])
    }

    // MARK: Not JSON

    @Test(arguments: ["", " ", "\n\t ", "\u{FEFF}"])
    func anEmptyFileIsAnError(_ text: String) {
        let error = #expect(throws: AssociationDecodingError.self) { try AssociationFile(json: text) }
        #expect(error?.parseError != nil)
        #expect(error?.description.contains("empty") == true)
    }

    @Test(arguments: [#""applinks""#, "1", "-2.5e3", "true", "false", "null", "[{}]"])
    func aTopLevelThatIsNotAnObjectIsAnError(_ text: String) {
        let error = #expect(throws: AssociationDecodingError.self) { try AssociationFile(json: text) }
        #expect(error?.path == JSONPath())
        #expect(error?.message.contains("expected an object") == true)
        #expect(error?.description.hasPrefix("top level: ") == true)
    }

    @Test func everyTruncationOfAValidFileIsAParseError() throws {
        let bytes = Array(DecodingFormTests.overviewFile.utf8)
        _ = try AssociationFile(json: bytes)
        for length in 0..<bytes.count {
            let prefix = Array(bytes[0..<length])
            // A prefix that ends inside trailing whitespace of the last value is still valid; none here is.
            let error = #expect(throws: AssociationDecodingError.self, "prefix of \(length) bytes") { try AssociationFile(json: prefix) }
            #expect(error?.parseError != nil, "prefix of \(length) bytes")
        }
    }

    @Test(arguments: [
        (#"{"applinks": {"details": [}"#, 1, 27),
        (#"{"applinks": {"details": [],}}"#, 1, 29),
        (#"{'applinks': {}}"#, 1, 2),
        ("{\"applinks\": {}} // comment", 1, 18),
        (#"{"applinks": {"details": [01]}}"#, 1, 28),
        (#"{"applinks": NaN}"#, 1, 14),
        ("{\"applinks\":\n  {\"details\": [\"a\nb\"]}}", 2, 18),
        (#"{"a": "\x"}"#, 1, 9),
        (#"{"a": "\ud800"}"#, 1, 14),
        (#"{"a" 1}"#, 1, 6),
    ])
    func invalidJSONIsAParseErrorAtItsPlace(json: String, line: Int, column: Int) {
        let error = #expect(throws: AssociationDecodingError.self) { try AssociationFile(json: json) }
        #expect(error?.parseError != nil)
        #expect(error?.location?.line == line, "\(error?.description ?? "")")
        #expect(error?.location?.column == column, "\(error?.description ?? "")")
        #expect(error?.description.hasPrefix("invalid JSON at line \(line), column \(column): ") == true)
    }

    @Test(arguments: [[0xFF], [0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D], [0x22, 0xED, 0xA0, 0x80, 0x22]] as [[UInt8]])
    func invalidUTF8IsAParseError(_ bytes: [UInt8]) {
        let error = #expect(throws: AssociationDecodingError.self) { try AssociationFile(json: bytes) }
        #expect(error?.parseError != nil)
    }

    // MARK: Hostile and huge input

    @Test func oneHundredThousandOpeningBracketsAreACleanError() {
        let text = String(repeating: "[", count: 100_000)
        let error = #expect(throws: AssociationDecodingError.self) { try AssociationFile(json: text) }
        #expect(error?.parseError != nil)
        #expect(error?.description.contains("nested more than \(JSONParser.maximumDepth) levels") == true)
    }

    @Test func oneHundredThousandNestedObjectsInsideAFileAreACleanError() {
        let text = #"{"applinks": {"details": "# + String(repeating: #"{"a":"#, count: 100_000)
        let error = #expect(throws: AssociationDecodingError.self) { try AssociationFile(json: text) }
        #expect(error?.description.contains("nested more than") == true)
    }

    @Test func nestingUpToTheLimitParses() throws {
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try JSONValue.parse(text) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse("[" + text + "]") }
    }

    @Test func aOneMegabyteFileDecodesAndMatches() throws {
        var components: [String] = []
        var size = 0
        var index = 0
        while size < 1_048_576 {
            let component = #"{"/": "/section-\#(index)/*", "?": {"ref": "?*"}, "comment": "rule number \#(index) of a very large file"}"#
            components.append(component)
            size += component.utf8.count + 2
            index += 1
        }
        components.append(#"{"/": "/last"}"#)
        let text = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": ["# + components.joined(separator: ",\n") + "]}]}}"
        #expect(text.utf8.count > 1_048_576)
        let file = try AssociationFile(json: text)
        #expect(file.appLinks?.details[0].components?.count == index + 1)
        let decision = try AssociationMatcher(file).decision(for: "https://example.com/last", appID: "ABCDE12345.com.example.app")
        #expect(decision.outcome == .match)
        #expect(decision.rule?.ruleIndex == index)
    }

    @Test func aLongStringDecodes() throws {
        let long = String(repeating: "x", count: 1_000_000)
        let file = try AssociationFile(json: #"{"applinks": {"details": [{"components": [{"/": "/\#(long)"}]}]}}"#)
        #expect(file.appLinks?.details[0].components?[0].path?.count == 1_000_001)
    }
}
