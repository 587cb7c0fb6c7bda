import AppSiteAssociation
import Foundation
import LandfallJSON
import SeededRandom
import Testing

@Suite struct BadInputLintTests {
    typealias F = LintFixtures

    static let wellFormed = AssociationLintTests.semanticsExample

    @Test(arguments: [1, 10, 50, 100, 200, 400, 700])
    func aTruncatedFileIsInvalidJSONAtItsEnd(_ length: Int) {
        let bytes = Array(Self.wellFormed.utf8.prefix(length))
        let report = AssociationLinter().lint(bytes)
        #expect(report.codes == ["aasa.invalid-json"])
        #expect(report.diagnostics.first?.location != nil)
        #expect(!report.passes(strict: false))
    }

    @Test(arguments: ["", "   ", "\n"])
    func anEmptyFileIsInvalidJSON(_ text: String) {
        let report = AssociationLinter().lint(text)
        #expect(report.codes == ["aasa.invalid-json"])
        #expect(report.diagnostics.first?.fix != nil)
    }

    @Test(arguments: [
        (#"{"applinks": {"details": [],}}"#, "remove the comma after the last element"),
        ("{\"applinks\": {} // comment\n}", #"remove the comment (a component may carry a "comment" key instead)"#),
        (#"{'applinks': {}}"#, "use double quotes"),
    ])
    func commonJSONSlipsGetAFix(_ json: String, _ fix: String) {
        let report = AssociationLinter().lint(json)
        #expect(report.diagnostics.first?.fix == fix)
    }

    /// Wrong types at every level: the path and the expected type, in the decoder's words.
    @Test(arguments: [
        ("[]", [] as JSONPath, "expected an object with services such as \"applinks\", found an array"),
        ("\"applinks\"", [], "expected an object with services such as \"applinks\", found a string"),
        (#"{"applinks": []}"#, ["applinks"], "expected an object with \"details\", found an array"),
        (#"{"applinks": {"details": "x"}}"#, ["applinks", "details"], "expected an array of details (or, in the oldest form, an object keyed by app ID), found a string"),
        (#"{"applinks": {"details": [1]}}"#, ["applinks", "details", 0], "expected an object with \"appIDs\" and \"components\", found a number"),
        (#"{"applinks": {"details": [{"appIDs": [1]}]}}"#, ["applinks", "details", 0, "appIDs", 0], "expected a string, found a number"),
        (#"{"applinks": {"details": [{"appID": ["x"]}]}}"#, ["applinks", "details", 0, "appID"], "expected a string, found an array"),
        (#"{"applinks": {"details": [{"components": {}}]}}"#, ["applinks", "details", 0, "components"], "expected an array of component objects, found an object"),
        (#"{"applinks": {"details": [{"components": ["/a"]}]}}"#, ["applinks", "details", 0, "components", 0], "expected an object with pattern keys such as \"/\", found a string"),
        (#"{"applinks": {"details": [{"components": [{"/": 1}]}]}}"#, ["applinks", "details", 0, "components", 0, "/"], "expected a string, found a number"),
        (#"{"applinks": {"details": [{"components": [{"?": []}]}]}}"#, ["applinks", "details", 0, "components", 0, "?"], "expected a string or an object of strings, found an array"),
        (##"{"applinks": {"details": [{"components": [{"#": null}]}]}}"##, ["applinks", "details", 0, "components", 0, "#"], "expected a string, found null"),
        (#"{"applinks": {"details": [{"components": [{"exclude": "true"}]}]}}"#, ["applinks", "details", 0, "components", 0, "exclude"], "expected true or false, found a string"),
        (#"{"applinks": {"details": [{"components": [{"comment": 1}]}]}}"#, ["applinks", "details", 0, "components", 0, "comment"], "expected a string, found a number"),
        (#"{"applinks": {"details": [{"paths": "/a"}]}}"#, ["applinks", "details", 0, "paths"], "expected an array of strings, found a string"),
        (#"{"applinks": {"details": [{"defaults": []}]}}"#, ["applinks", "details", 0, "defaults"], "expected an object with pattern keys such as \"/\", found an array"),
        (#"{"applinks": {"defaults": {"caseSensitive": 0}, "details": []}}"#, ["applinks", "defaults", "caseSensitive"], "expected true or false, found a number"),
        (#"{"applinks": {"apps": {}, "details": []}}"#, ["applinks", "apps"], "expected an array of strings, found an object"),
        (#"{"applinks": {"substitutionVariables": [], "details": []}}"#, ["applinks", "substitutionVariables"], "expected an object whose values are arrays of strings, found an array"),
        (#"{"applinks": {"substitutionVariables": {"a": "b"}, "details": []}}"#, ["applinks", "substitutionVariables", "a"], "expected an array of strings, found a string"),
        (#"{"webcredentials": []}"#, ["webcredentials"], "expected an object with \"apps\", found an array"),
        (#"{"appclips": {"apps": "x"}}"#, ["appclips", "apps"], "expected an array of strings, found a string"),
        (#"{"activitycontinuation": {"apps": [true]}}"#, ["activitycontinuation", "apps", 0], "expected a string, found a Boolean"),
        // Places the decoder reads although iOS ignores them: their types still count.
        (#"{"applinks": {"details": {"ABCDE12345.com.x": {"appIDs": 5, "paths": ["/a"]}}}}"#, ["applinks", "details", "ABCDE12345.com.x", "appIDs"], "expected an array of strings, found a number"),
        (#"{"applinks": {"substitutionVariables": {"a": 1, "a": ["x"]}, "details": []}}"#, ["applinks", "substitutionVariables", "a"], "expected an array of strings, found a number"),
    ] as [(String, JSONPath, String)])
    func wrongTypesAreErrorsNamingThePathAndTheExpectedType(_ json: String, _ path: JSONPath, _ message: String) {
        let report = AssociationLinter().lint(json)
        let wrong = report.diagnostics.filter { $0.code == "aasa.wrong-type" }
        #expect(wrong.contains { $0.path == path && $0.message == message && $0.severity == .error },
                "\(report.diagnostics.map(\.description).joined(separator: "\n"))")
        // The decoder says the same thing about the first such problem.
        if wrong.count == 1, case .failure(let error) = Result(catching: { try AssociationFile(json: json) }) {
            let decodingError = error as? AssociationDecodingError
            #expect(decodingError?.path == path)
            #expect(decodingError?.message == message)
        }
    }

    @Test func everyWrongTypeInAFileIsReportedNotOnlyTheFirst() {
        let json = #"{"applinks": {"details": [{"appIDs": [1, "ABCDE12345.com.x", 2], "components": [{"/": 3, "exclude": "yes"}, {"?": 4}]}]}}"#
        let report = AssociationLinter().lint(json)
        #expect(report.codes.filter { $0 == "aasa.wrong-type" }.count == 5)
    }

    @Test func aFileOverTheSizeLimitIsAnErrorAndIsStillChecked() {
        var rules: [String] = []
        var index = 0
        while rules.joined(separator: ",").utf8.count < 200 * 1024 {
            rules.append(#"{"/": "/product/\#(index)/*", "comment": "product number \#(index) in the catalogue"}"#)
            index += 1
        }
        let json = F.components(rules.joined(separator: ",") + #", {"/": "/a", "casesensitive": false}"#)
        #expect(json.utf8.count > 200 * 1024)
        let report = AssociationLinter().lint(json)
        #expect(report.codes.first == "aasa.file-too-large")
        #expect(report.diagnostics.first?.severity == .error)
        #expect(report.codes.contains("aasa.unknown-key"))
        #expect(AssociationLinter(maximumSize: 300 * 1024).lint(json).codes == ["aasa.unknown-key"])
    }

    @Test func theSizeLimitIsInclusive() {
        let json = F.components(#"{"/": "/a"}"#)
        #expect(AssociationLinter(maximumSize: json.utf8.count).lint(json).diagnostics.isEmpty)
        #expect(AssociationLinter(maximumSize: json.utf8.count - 1).lint(json).codes == ["aasa.file-too-large"])
        #expect(AssociationLinter().maximumSize == 131_072)
    }

    @Test(arguments: ["[", "{\"a\":"])
    func nestingTenThousandDeepIsInvalidJSONNotACrash(_ opener: String) {
        let json = String(repeating: opener, count: 10_000)
        let report = AssociationLinter().lint(json)
        #expect(report.codes == ["aasa.invalid-json"])
        #expect(report.diagnostics.first?.message.contains("nested more than") == true)
    }

    @Test func deepButValidNestingInsideIgnoredValuesIsFine() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let report = AssociationLinter().lint(F.components(#"{"/": "/a", "?": {"x": \#(deep)}}"#))
        #expect(report.codes == ["aasa.ignored-query-dictionary"])
    }

    @Test func randomBytesNeverCrashTheLinter() {
        var generator = SeededGenerator(seed: 0x5EED)
        for round in 0..<2_000 {
            let length = Int(generator.next() % 300)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let report = AssociationLinter().lint(bytes)
            #expect(!report.diagnostics.isEmpty, "round \(round)")
        }
    }

    /// Mutations of a real file: most stay JSON, so they reach the deeper checks.
    @Test func mutatedFilesNeverCrashTheLinterOrTheMatcher() throws {
        var generator = SeededGenerator(seed: 42)
        let base = Array(Self.wellFormed.utf8)
        let alphabet = Array(#"{}[]":,*?$()#/%\ NOT0aZé"#.utf8)
        for _ in 0..<1_500 {
            var bytes = base
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                let position = Int(generator.next() % UInt64(bytes.count))
                let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                switch generator.next() % 3 {
                case 0: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: bytes.remove(at: position)
                }
            }
            let report = AssociationLinter().lint(bytes)
            guard let file = try? AssociationFile(json: bytes) else {
                // A file the decoder rejects never passes the linter.
                #expect(!report.passes(strict: false), "\(String(decoding: bytes, as: UTF8.self))")
                continue
            }
            #expect(!report.codes.contains("aasa.invalid-json"))
            let matcher = AssociationMatcher(file)
            for appID in matcher.appIDs {
                _ = try? matcher.decision(for: "https://example.com/help/faq?articleNumber=1234#x", appID: appID)
            }
        }
    }

    /// Every value of a real file, in turn, replaced by values of other types (and keys
    /// repeated): whenever the decoder rejects the result, the linter reports an error.
    static let legacyKeyed = #"""
        {"applinks": {"apps": [], "details": {"ABCDE12345.com.example.app": {"paths": ["/buy/*", "NOT /help/*"], "appIDs": ["x"], "appID": "y"}}}}
        """#

    @Test(arguments: [wellFormed, legacyKeyed])
    func whateverTheDecoderRejectsTheLinterReportsAsAnError(_ json: String) throws {
        let base = try JSONValue.parse(json)
        let replacements: [JSONValue] = [.null, .bool(true), .string("x"), .array([]), .array([.bool(false)]), .object([("a", .null)])]
        var rejected = 0
        for index in 0..<Self.nodeCount(base) {
            for replacement in replacements {
                for repeating in [false, true] {
                    var counter = 0
                    let mutated = Self.replacing(node: index, in: base, with: replacement, repeatingKey: repeating, counter: &counter)
                    let text = JSONWriter.compact.string(for: mutated)
                    let report = AssociationLinter().lint(text)
                    if (try? AssociationFile(json: text)) == nil {
                        rejected += 1
                        #expect(report.diagnostics.contains { $0.severity == .error }, "\(text)\n\(report.codes)")
                    }
                }
            }
        }
        #expect(rejected > 10)
    }

    static func nodeCount(_ value: JSONValue) -> Int {
        switch value.kind {
        case .array(let elements): 1 + elements.map(nodeCount).reduce(0, +)
        case .object(let members): 1 + members.map { nodeCount($0.value) }.reduce(0, +)
        default: 1
        }
    }

    /// The tree with its `node`-th value (in document order) replaced; with `repeatingKey`, an
    /// object member keeps its original after the replaced one, so the replaced one is a repeated
    /// key that iOS ignores.
    static func replacing(node: Int, in value: JSONValue, with replacement: JSONValue, repeatingKey: Bool, counter: inout Int) -> JSONValue {
        if counter == node {
            counter += 1
            return replacement
        }
        counter += 1
        switch value.kind {
        case .array(let elements):
            return .array(elements.map { replacing(node: node, in: $0, with: replacement, repeatingKey: repeatingKey, counter: &counter) })
        case .object(let members):
            var result: [(String, JSONValue)] = []
            for member in members {
                let before = counter
                let replaced = replacing(node: node, in: member.value, with: replacement, repeatingKey: repeatingKey, counter: &counter)
                result.append((member.key, replaced))
                if before == node, repeatingKey { result.append((member.key, member.value)) }
            }
            return .object(result)
        default:
            return value
        }
    }

    /// A hang guard, not a speed assertion (speed is measured in Benchmarks/).
    @Test(.timeLimit(.minutes(1))) func aHostilePatternIsLintedQuickly() {
        let hostile = String(repeating: "*a", count: 5_000) + "b"
        let rules = (0..<50).map { #"{"/": "/\#($0)\#(hostile)"}"# }.joined(separator: ",")
        let report = AssociationLinter(maximumSize: 1 << 20).lint(F.components(rules))
        #expect(report.passes(strict: true))
    }

    @Test(.timeLimit(.minutes(1))) func thousandsOfRulesSharingAPrefixStopTheReachabilityCheckWithAnInfo() {
        let middle = String(repeating: "x", count: 100)
        let rules = (0..<2_500).map { #"{"/": "/p/*\#(middle)*/\#($0)"}"# }.joined(separator: ",")
        let report = AssociationLinter(maximumSize: 1 << 20).lint(F.components(rules))
        let limited = report.diagnostics.filter { $0.code == "aasa.reachability-check-limited" }
        #expect(limited.count == 1)
        #expect(limited.first?.severity == .info)
        #expect(limited.first?.path?.components.prefix(3) == ["applinks", "details", 0])
    }

    /// Inputs that make a careless linter quadratic; each must finish (a hang guard: their
    /// speed is measured in Benchmarks/, never asserted here).
    @Test(.timeLimit(.minutes(1)), arguments: ["references", "queryItems", "repeatedKeys", "variables", "undefinedVariables"])
    func hostileFilesAreLintedQuickly(_ kind: String) {
        let json: String
        switch kind {
        case "references":
            json = F.components(#"{"/": "/\#(String(repeating: "$(a", count: 40_000)))"}"#)
        case "queryItems":
            let items = (0..<10_000).map { #""k\#($0)": "v""# }.joined(separator: ",")
            json = F.components(#"{"/": "/a", "?": {\#(items)}}"#)
        case "repeatedKeys":
            let keys = (0..<5_000).map { #""k\#($0)": 1"# }.joined(separator: ",")
            json = #"{"applinks": {\#(keys), \#(keys), "details": []}}"#
        case "variables":
            let names = (0..<5_000).map { #""v\#($0)": ["x"]"# }.joined(separator: ",")
            let uses = (0..<2_000).map { #"{"/": "/$(v\#($0))/$(w\#($0))"}"# }.joined(separator: ",")
            json = F.components(uses, appLinks: #""substitutionVariables": {\#(names)}, "#)
        default:
            let uses = (0..<5_000).map { #"{"/": "/$(undefined\#($0))"}"# }.joined(separator: ",")
            json = F.components(uses)
        }
        let report = AssociationLinter(maximumSize: 1 << 22).lint(json)
        #expect(!report.codes.contains("aasa.invalid-json"))
    }

    @Test func aLongKeyGetsNoSuggestionAndDoesNotSlowTheLinter() {
        let key = String(repeating: "casesensitive", count: 2_000)
        let report = AssociationLinter().lint(F.components(#"{"/": "/a", "\#(key)": true}"#))
        #expect(report.codes == ["aasa.unknown-key"])
        #expect(report.diagnostics[0].message.count < 300)
    }

    @Test func aLongNOTChainInAComponentIsReportedOnce() {
        let pattern = String(repeating: "NOT ", count: 20_000) + "/x"
        let report = AssociationLinter().lint(F.components(#"{"/": "\#(pattern)"}"#))
        #expect(report.codes.filter { $0 == "aasa.not-prefix-in-component" }.count == 1)
    }
}
