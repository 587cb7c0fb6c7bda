import Testing
import PropertyBased
@testable import AppSiteAssociation

/// The wildcard engine on its own: `*`, `?`, variables, and the two matchers behind
/// ``WildcardPattern/matches(_:)`` — `greedyMatch` for patterns without variables and
/// `positionSetMatch` for patterns with them — which must always agree.
@Suite struct WildcardPatternTests {
    // MARK: Hostile patterns (correctness only; speed is measured in Benchmarks/)

    static let hostile = "*a*a*a*a*a*a*a*a*b"
    static let tenKilobytesOfA = String(repeating: "a", count: 10 * 1024)

    @Test func theHostilePatternDoesNotMatchTenKilobytesWithoutAB() {
        let pattern = WildcardPattern(Self.hostile)
        #expect(!pattern.matches(Self.tenKilobytesOfA))
        #expect(!pattern.matches("/" + Self.tenKilobytesOfA))
    }

    @Test func theHostilePatternMatchesTenKilobytesEndingInB() {
        #expect(WildcardPattern(Self.hostile).matches(Self.tenKilobytesOfA + "b"))
    }

    @Test func theHostilePatternWithAVariableDoesNotMatchTenKilobytesWithoutAB() {
        let variables = SubstitutionTable(defined: ["end": ["b", "bb"]])
        let pattern = WildcardPattern("*a*a*a*a*a*a*a*a*$(end)", variables: variables)
        #expect(!pattern.matches(Self.tenKilobytesOfA))
        #expect(pattern.matches(Self.tenKilobytesOfA + "bb"))
    }

    @Test func theHostilePatternWithABuiltinVariableDoesNotMatchTenKilobytesOfLetters() {
        let pattern = WildcardPattern("*a*a*a*a*a*a*a*a*$(digit)")
        #expect(!pattern.matches(Self.tenKilobytesOfA))
        #expect(pattern.matches(Self.tenKilobytesOfA + "7"))
    }

    @Test func theHostilePatternAgreesOnBothMatchersForLongInputs() {
        let pattern = WildcardPattern(Self.hostile)
        for input in [Self.tenKilobytesOfA, Self.tenKilobytesOfA + "b", "b" + Self.tenKilobytesOfA] {
            #expect(Self.positionSet(pattern, input) == pattern.matches(input))
        }
    }

    // MARK: The pattern language

    @Test(arguments: [
        ("*", "", true), ("*", "/a/b", true), ("?", "", false), ("?", "a", true), ("?", "ab", false),
        ("?*", "", false), ("?*", "a", true), ("?*", "abc", true), ("a*b", "ab", true), ("a*b", "a/x/b", true),
        ("a*b", "a/x/c", false), ("a?c", "a/c", true), ("**", "x", true), ("*?*", "", false),
        ("/a/*/c", "/a/c", false), ("/a/*/c", "/a//c", true), ("/id/????", "/id/481", false),
        ("a\\*", "a*", false), ("a\\*", "a\\z", true), ("[a]", "a", false), ("é?", "éé", true), ("?", "é", true),
        ("??", "é", false), ("$5", "$5", true), ("$(", "$(", true), ("$()", "$()", true), ("a$(b", "a$(b", true),
    ])
    func theLanguageHasOnlyStarAndQuestionMark(pattern: String, input: String, expected: Bool) {
        let compiled = WildcardPattern(pattern)
        #expect(compiled.matches(input) == expected)
        #expect(Self.positionSet(compiled, input) == expected)
    }

    @Test func anUndefinedVariableMatchesNothing() {
        let pattern = WildcardPattern("/$(nope)*")
        #expect(!pattern.matches("/"))
        #expect(!pattern.matches("/$(nope)"))
        #expect(pattern.variables == [WildcardPattern.VariableReference(name: "nope", isDefined: false)])
    }

    @Test func malformedReferencesAreLiteralText() {
        let pattern = WildcardPattern("/$(a$b)/$(")
        #expect(pattern.malformedReferences == ["$(a$b)", "$("])
        #expect(pattern.matches("/$(a$b)/$("))
    }

    @Test func aVariableWithNoValuesMatchesNothing() {
        let pattern = WildcardPattern("/$(empty)", variables: SubstitutionTable(defined: ["empty": []]))
        #expect(!pattern.matches("/"))
        #expect(!pattern.matches("/x"))
    }

    @Test(arguments: BuiltinVariable.allCases)
    func everyBuiltinVariableIsDefined(_ builtin: BuiltinVariable) {
        let pattern = WildcardPattern("$(\(builtin.rawValue))")
        #expect(pattern.variables.map(\.isDefined) == [true])
    }

    @Test(arguments: [
        ("alpha", "a", true), ("alpha", "Z", true), ("alpha", "5", false), ("alpha", "ab", false),
        ("upper", "A", true), ("upper", "a", false), ("lower", "a", true), ("lower", "A", false),
        ("alnum", "a", true), ("alnum", "5", true), ("alnum", "_", false), ("digit", "0", true),
        ("digit", "x", false), ("digit", "10", false), ("xdigit", "c", true), ("xdigit", "C", true),
        ("xdigit", "g", false), ("region", "GB", true), ("region", "UK", false), ("region", "US", true),
        ("lang", "en", true), ("lang", "de", true), ("lang", "xx", false), ("lang", "", false),
    ])
    func builtinVariablesStandForOneCharacterOrOneCode(name: String, input: String, expected: Bool) {
        #expect(WildcardPattern("$(\(name))").matches(input) == expected)
    }

    @Test(arguments: ["alpha", "upper", "lower", "alnum", "digit", "xdigit"])
    func aCharacterClassVariableStandsForExactlyOneCharacter(_ name: String) {
        let pattern = WildcardPattern("$(\(name))")
        #expect(!pattern.matches(""))
        let sample = name == "digit" || name == "alnum" || name == "xdigit" ? "1" : (name == "upper" ? "A" : "a")
        #expect(pattern.matches(sample))
        #expect(!pattern.matches(sample + sample))
    }

    @Test func aCaseInsensitivePatternComparesWithFoldedInput() {
        let pattern = WildcardPattern("/Shop/$(food)", variables: SubstitutionTable(defined: ["food": ["Taco"]]), caseSensitive: false)
        #expect(pattern.caseInsensitive)
        #expect(pattern.matches(WildcardPattern.foldCase("/SHOP/TACO")))
        #expect(!pattern.matches("/SHOP/TACO"), "input must be folded by the caller")
    }

    @Test func matchesEverythingOnlyForRunsOfStars() {
        #expect(WildcardPattern("*").matchesEverything)
        #expect(WildcardPattern("***").matchesEverything)
        #expect(!WildcardPattern("*?").matchesEverything)
        #expect(!WildcardPattern("").matchesEverything)
    }

    // MARK: The virtual trailing slash (rule 5)

    @Test(arguments: [
        ("/buy/", "/buy", true), ("/buy/*", "/buy", true), ("/id/????", "/id/481", false),
        ("/u?*", "/u", false), ("/item?", "/item", false), ("/a/*/c", "/a/c", false), ("/x*", "/x", true),
    ])
    func onlyALiteralSlashOrAStarMatchesTheVirtualTrailingSlash(pattern: String, path: String, expected: Bool) {
        let compiled = WildcardPattern(pattern)
        let withVariable = WildcardPattern("$(v)", variables: SubstitutionTable(defined: ["v": [pattern]]))
        for candidate in [compiled, withVariable] {
            let greedy = Self.withSubject(path, appendingSlash: true) { candidate.matches($0) }
                || Self.withSubject(path, appendingSlash: false) { candidate.matches($0) }
            #expect(greedy == expected, "\(candidate.source)")
        }
    }

    // MARK: Properties: the two matchers agree with each other and with a reference

    static let patternCharacters: [Character] = ["a", "b", "/", "*", "?", "é"]
    static let inputCharacters: [Character] = ["a", "b", "/", "é"]
    static let patterns = Gen<Character?>.element(of: patternCharacters).map { $0! }.string(of: 0...8)
    static let inputs = Gen<Character?>.element(of: inputCharacters).map { $0! }.string(of: 0...12)

    @Test func theGreedyAndPositionSetMatchersAgreeWithTheReference() async {
        await propertyCheck(count: 1000, input: Self.patterns, Self.inputs) { source, input in
            let pattern = WildcardPattern(source)
            let expected = ReferenceMatcher.matches(source, input)
            #expect(pattern.matches(input) == expected, "greedy: \(source) vs \(input)")
            #expect(Self.positionSet(pattern, input) == expected, "position set: \(source) vs \(input)")
        }
    }

    @Test func theMatchersAgreeWithTheVirtualTrailingSlash() async {
        await propertyCheck(count: 1000, input: Self.patterns, Self.inputs) { source, input in
            let pattern = WildcardPattern(source)
            let expected = ReferenceMatcher.matches(source, input, virtualSlash: true)
            let greedy = Self.withSubject(input, appendingSlash: true) { pattern.matches($0) }
            let positionSet = Self.withSubject(input, appendingSlash: true) { pattern.positionSetMatch($0) }
            #expect(greedy == expected, "greedy: \(source) vs \(input) + virtual /")
            #expect(positionSet == expected, "position set: \(source) vs \(input) + virtual /")
        }
    }

    @Test func aPatternWrappedInASingleValueVariableMatchesLikeThePattern() async {
        await propertyCheck(count: 1000, input: Self.patterns, Self.inputs) { source, input in
            let wrapped = WildcardPattern("$(v)", variables: SubstitutionTable(defined: ["v": [source]]))
            #expect(wrapped.matches(input) == WildcardPattern(source).matches(input), "$(v) = [\(source)] vs \(input)")
        }
    }

    @Test func aVariableMatchesWhenAnyOfItsValuesWould() async {
        let values = Self.patterns.array(of: 1...3)
        await propertyCheck(count: 1000, input: Self.patterns, values, Self.patterns, Self.inputs) { prefix, choices, suffix, input in
            let pattern = WildcardPattern(prefix + "$(v)" + suffix, variables: SubstitutionTable(defined: ["v": choices]))
            let expected = choices.contains { ReferenceMatcher.matches(prefix + $0 + suffix, input) }
            #expect(pattern.matches(input) == expected, "\(prefix)$(v)\(suffix), v = \(choices), vs \(input)")
        }
    }

    @Test func caseInsensitivePatternsMatchLikeTheReferenceOnFoldedText() async {
        let patterns = Gen<Character?>.element(of: ["a", "A", "b", "B", "*", "?"] as [Character]).map { $0! }.string(of: 0...6)
        let inputs = Gen<Character?>.element(of: ["a", "A", "b", "B"] as [Character]).map { $0! }.string(of: 0...8)
        await propertyCheck(count: 500, input: patterns, inputs) { source, input in
            let pattern = WildcardPattern(source, caseSensitive: false)
            let folded = WildcardPattern.foldCase(input)
            let expected = ReferenceMatcher.matches(source.lowercased(), input.lowercased())
            #expect(pattern.matches(folded) == expected)
            #expect(Self.positionSet(pattern, folded) == expected)
        }
    }

    // MARK: Helpers

    static func positionSet(_ pattern: WildcardPattern, _ input: String) -> Bool {
        withSubject(input, appendingSlash: false) { pattern.positionSetMatch($0) }
    }

    static func withSubject(_ input: String, appendingSlash: Bool, _ body: (MatchSubject) -> Bool) -> Bool {
        Array(input.utf8).withUnsafeBufferPointer { body(MatchSubject(bytes: $0, appendingSlash: appendingSlash)) }
    }
}

/// The obvious recursive matcher, by Unicode scalar, for short inputs: `*` is zero or more
/// scalars, `?` exactly one, everything else itself. With `virtualSlash`, the input is
/// followed by a `/` that only a literal `/` or a `*` may match.
enum ReferenceMatcher {
    static func matches(_ pattern: String, _ input: String, virtualSlash: Bool = false) -> Bool {
        let text = Array(input.unicodeScalars) + (virtualSlash ? ["/"] : [])
        return match(Array(pattern.unicodeScalars)[...], text, 0, realCount: input.unicodeScalars.count)
    }

    private static func match(_ pattern: ArraySlice<Unicode.Scalar>, _ text: [Unicode.Scalar], _ position: Int, realCount: Int) -> Bool {
        guard let first = pattern.first else { return position == text.count }
        let rest = pattern.dropFirst()
        switch first {
        case "*":
            return (position...text.count).contains { match(rest, text, $0, realCount: realCount) }
        case "?":
            return position < realCount && match(rest, text, position + 1, realCount: realCount)
        default:
            return position < text.count && text[position] == first && match(rest, text, position + 1, realCount: realCount)
        }
    }
}
