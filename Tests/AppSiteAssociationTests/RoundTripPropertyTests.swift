import AppSiteAssociation
import LandfallJSON
import PropertyBased
import SeededRandom
import Testing

/// Decoding inverts encoding, and encoding is deterministic, for generated files of every form:
/// `decode(encode(f)) == f` and `encode(decode(encode(f))) == encode(f)`, pretty and compact.
@Suite struct RoundTripPropertyTests {
    static let files = Generator<AssociationFile, Shrink.None<AssociationFile>> { rng in
        var random = RandomAssociationFiles(seed: rng.next())
        return random.file()
    }

    static let jsonValues = Generator<JSONValue, Shrink.None<JSONValue>> { rng in
        var random = RandomAssociationFiles(seed: rng.next())
        return random.jsonValue(depth: 4)
    }

    @Test(arguments: JSONStyle.allCases)
    func decodingAnEncodedFileGivesTheSameFile(_ style: JSONStyle) async {
        await propertyCheck(count: 400, input: Self.files) { file throws in
            let text = file.encoded(style: style)
            #expect(try AssociationFile(json: text) == file, "\(text)")
        }
    }

    @Test(arguments: JSONStyle.allCases)
    func encodingIsDeterministic(_ style: JSONStyle) async {
        await propertyCheck(count: 400, input: Self.files) { file throws in
            let text = file.encoded(style: style)
            #expect(try AssociationFile(json: text).encoded(style: style) == text)
            #expect(file.encoded(style: style) == text)
        }
    }

    @Test func prettyAndCompactDecodeToTheSameFile() async {
        await propertyCheck(count: 200, input: Self.files) { file throws in
            #expect(try AssociationFile(json: file.encoded(style: .pretty)) == AssociationFile(json: file.encoded(style: .compact)))
        }
    }

    @Test func theGeneratorCoversEveryForm() {
        var random = RandomAssociationFiles(seed: 1)
        var keyed = false, list = false, legacy = false, ignored = false, items = false, variables = false, services = false
        for _ in 0..<500 {
            let file = random.file()
            if let links = file.appLinks {
                keyed = keyed || links.detailsForm == .keyedByAppID
                list = list || links.detailsForm == .list && !links.details.isEmpty
                variables = variables || !(links.substitutionVariables ?? []).isEmpty
                for detail in links.details {
                    legacy = legacy || detail.paths?.contains { $0.hasPrefix("NOT ") } == true
                    for rule in detail.components ?? [] {
                        if case .ignoredDictionary? = rule.query { ignored = true }
                        if case .items(let list)? = rule.query, !list.isEmpty { items = true }
                    }
                }
            }
            services = services || (file.webCredentials != nil && file.appClips != nil && file.activityContinuation != nil)
        }
        #expect(keyed && list && legacy && ignored && items && variables && services)
    }

    // MARK: JSONValue

    @Test func parsingWrittenJSONGivesTheSameValue() async {
        await propertyCheck(count: 500, input: Self.jsonValues) { value throws in
            for writer in [JSONWriter.pretty, JSONWriter.compact] {
                let text = writer.string(for: value)
                #expect(try JSONValue.parse(text) == value, "\(text)")
            }
        }
    }

    @Test func writingParsedJSONGivesTheSameText() async {
        await propertyCheck(count: 500, input: Self.jsonValues) { value throws in
            for writer in [JSONWriter.pretty, JSONWriter.compact] {
                let text = writer.string(for: value)
                #expect(writer.string(for: try JSONValue.parse(text)) == text)
            }
        }
    }

    @Test func parsedValuesRememberWhereTheyStood() throws {
        let value = try JSONValue.parse("{\n  \"a\": [1, \"é\", true]\n}")
        #expect(value.location == SourceLocation(offset: 0, line: 1, column: 1))
        let members = try #require(value.objectMembers)
        #expect(members[0].keyLocation == SourceLocation(offset: 4, line: 2, column: 3))
        let elements = try #require(members[0].value.arrayValue)
        #expect(elements.map(\.location?.column) == [9, 12, 17])
    }
}

/// A small deterministic generator of association files with every form and key, and strings
/// full of quotes, backslashes, control characters, non-ASCII text and pattern characters.
struct RandomAssociationFiles {
    private var numbers: SeededGenerator

    init(seed: UInt64) {
        numbers = SeededGenerator(seed: seed)
    }

    mutating func next() -> UInt64 {
        numbers.next()
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    mutating func maybe<T>(_ make: (inout Self) -> T) -> T? {
        chance(60) ? make(&self) : nil
    }

    mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }

    static let pieces: [String] = [
        "a", "Z", "9", "/", "*", "?", "$(", ")", "$(food)", "$(lang)", "%20", "%2F", "&", "=", "#", ".", "-", "NOT ",
        "\"", "\\", "\\u0041", "\n", "\r", "\t", "\u{00}", "\u{08}", "\u{0C}", "\u{1B}", "\u{1F}", "\u{7F}",
        "\u{2028}", "\u{2029}", "é", "e\u{301}", "ß", "😀", "中文", "\u{FEFF}", " ",
    ]

    mutating func string() -> String {
        (0..<int(0...6)).map { _ in pick(Self.pieces) }.joined()
    }

    mutating func strings() -> [String] {
        (0..<int(0...3)).map { _ in string() }
    }

    mutating func uniqueStrings() -> [String] {
        var seen = Set<String>()
        return strings().filter { seen.insert($0).inserted }
    }

    mutating func file() -> AssociationFile {
        AssociationFile(
            appLinks: maybe { $0.appLinks() },
            webCredentials: maybe { AppsService(apps: $0.strings()) },
            appClips: maybe { AppsService(apps: $0.strings()) },
            activityContinuation: maybe { AppsService(apps: $0.strings()) }
        )
    }

    mutating func appLinks() -> AppLinksService {
        let keyed = chance(25)
        return AppLinksService(
            apps: maybe { $0.strings() },
            defaults: maybe { $0.rule() },
            substitutionVariables: maybe { random in random.uniqueStrings().map { SubstitutionVariable(name: $0, values: random.strings()) } },
            details: keyed ? keyedDetails() : (0..<int(0...4)).map { _ in detail() },
            detailsForm: keyed ? .keyedByAppID : .list
        )
    }

    mutating func detail() -> AppLinkDetail {
        AppLinkDetail(
            appIDs: maybe { $0.strings() },
            appID: maybe { $0.string() },
            defaults: maybe { $0.rule() },
            components: maybe { random in (0..<random.int(0...4)).map { _ in random.rule() } },
            paths: maybe { $0.paths() }
        )
    }

    /// In the oldest form the key is the app ID, so keys are unique (iOS keeps the last of a
    /// repeated key); `appIDs` inside is not read back.
    mutating func keyedDetails() -> [AppLinkDetail] {
        uniqueStrings().map { key in
            var detail = detail()
            detail.appIDs = nil
            detail.appID = key
            return detail
        }
    }

    mutating func paths() -> [String] {
        (0..<int(0...3)).map { _ in chance(30) ? "NOT " + string() : string() }
    }

    mutating func rule() -> ComponentRule {
        ComponentRule(
            path: maybe { $0.string() },
            query: maybe { $0.query() },
            fragment: maybe { $0.string() },
            exclude: maybe { $0.chance(50) },
            caseSensitive: maybe { $0.chance(50) },
            percentEncoded: maybe { $0.chance(50) },
            comment: maybe { $0.string() }
        )
    }

    mutating func query() -> QueryPattern {
        switch int(0...2) {
        case 0:
            return .string(string())
        case 1:
            return .items(uniqueStrings().map { QueryItemPattern(name: $0, pattern: string()) })
        default:
            // A dictionary iOS ignores: at least one value is not a string (duplicate keys allowed,
            // but the non-string value is the last of its key, as iOS keeps the last).
            var members = (0..<int(0...2)).map { _ in (string(), JSONValue.string(string())) }
            let position = int(0...members.count)
            let key = string()
            members.insert((key, nonStringValue(depth: 2)), at: position)
            members = members.enumerated().filter { $0.offset <= position || $0.element.0 != key }.map(\.element)
            return .ignoredDictionary(.object(members))
        }
    }

    static let numbers = ["0", "-0", "1", "-12", "3.25", "2.50", "1e10", "-2.5E-3", "6.02e+23", "12345678901234567890123"]

    mutating func nonStringValue(depth: Int) -> JSONValue {
        switch int(0...(depth > 0 ? 5 : 3)) {
        case 0: return .null
        case 1: return .bool(chance(50))
        case 2, 3: return JSONValue(.number(pick(Self.numbers)))
        case 4: return .array((0..<int(0...3)).map { _ in jsonValue(depth: depth - 1) })
        default: return .object((0..<int(0...3)).map { _ in (string(), jsonValue(depth: depth - 1)) })
        }
    }

    mutating func jsonValue(depth: Int) -> JSONValue {
        chance(30) ? .string(string()) : nonStringValue(depth: depth)
    }
}
