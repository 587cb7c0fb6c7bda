import Testing
import PropertyBased
import AppSiteAssociation

/// `AndroidPattern` beyond the conformance file: aapt's escaping both ways, the literal helpers,
/// where and how a refused advanced pattern is reported, and properties over random strings.
@Suite struct AndroidPatternTests {
    // MARK: aapt's escaping

    @Test(arguments: [
        (#"/files/.*\\.pdf"#, #"/files/.*\.pdf"#),
        (#"\\*"#, #"\*"#),
        (#"\*"#, "*"),
        (#"\\\\"#, #"\\"#),
        (#"a\nb"#, "a\nb"),
        (#"a\tb"#, "a\tb"),
        (#"\u0041\u00e9"#, "Aé"),
        (#"\uD83D\uDE00"#, "😀"),
        (#"\u41x"#, "Ax"),
        (#"\uzz"#, "uzz"),
        (#"\"quoted\""#, "\"quoted\""),
        (#"\@home"#, "@home"),
        (#"\?q"#, "?q"),
        ("a  b", "a b"),
        ("a \t\n\r b", "a b"),
        ("\"a  b\"", "a  b"),
        ("x\"a  b\"y  z", "xa  by z"),
        (#"a\"#, "a"),
        ("", ""),
    ])
    func aaptTurnsTheAttributeValueIntoWhatAndroidReceives(attribute: String, received: String) {
        #expect(AndroidPattern.unescapingManifestValue(attribute) == received)
    }

    @Test(arguments: [
        (#"/files/.*\.pdf"#, #"/files/.*\\.pdf"#),
        (#"/a\*"#, #"/a\\*"#),
        ("@home", #"\@home"#),
        ("?q", #"\?q"#),
        ("a@b?c", "a@b?c"),
        (#"say "hi""#, #"say \"hi\""#),
        ("a\nb\tc", #"a\nb\tc"#),
        ("a b", "a b"),
        ("a  b", #"a \u0020b"#),
        ("a\r", #"a\u000D"#),
        ("/😀", "/😀"),
    ])
    func theAttributeValueToWriteIsEscapedForAapt(pattern: String, attribute: String) {
        #expect(AndroidPattern.manifestAttributeValue(pattern) == attribute)
    }

    @Test(arguments: [
        ("/v1.0/*", #"/v1\.0/\*"#, #"/v1\.0/\*"#),
        (#"/a\b"#, #"/a\\b"#, #"/a\\b"#),
        ("/a+b[1]{2}", "/a+b[1]{2}", #"/a\+b\[1\]\{2\}"#),
        ("/^x-y", "/^x-y", "/^x-y"),
        ("", "", ""),
    ])
    func literalGlobsEscapeOnlyTheGlobsSpecialCharacters(text: String, simple: String, advanced: String) {
        #expect(AndroidPattern.simpleGlobLiteral(text) == simple)
        #expect(AndroidPattern.advancedGlobLiteral(text) == advanced)
    }

    @Test func anEscapedDotInASimpleGlobIsStillAnyCharacter() throws {
        let pattern = try AndroidPattern(AndroidPattern.simpleGlobLiteral("/a.b"), kind: .simpleGlob)
        #expect(pattern.matches("/a.b"))
        #expect(pattern.matches("/axb"))
        #expect(try !AndroidPattern(AndroidPattern.advancedGlobLiteral("/a.b"), kind: .advancedGlob).matches("/axb"))
    }

    @Test(arguments: [
        (AndroidPatternKind.simpleGlob, "/puzzle/..*", #"pathPattern="/puzzle/..*""#),
        (.simpleGlob, #"/a\*"#, #"pathPattern="/a\\*""#),
        (.literal, "/help", #"path="/help""#),
        (.prefix, "@x", #"pathPrefix="\@x""#),
        (.advancedGlob, "/[a-z]+", #"pathAdvancedPattern="/[a-z]+""#),
        (.suffix, #"/say "a&b<""#, #"pathSuffix="/say \&quot;a&amp;b&lt;\&quot;""#),
    ])
    func aPatternDescribesItselfAsAManifestWritesIt(kind: AndroidPatternKind, text: String, description: String) throws {
        let pattern = try AndroidPattern(text, kind: kind)
        #expect(pattern.description == description)
        #expect(pattern.text == text)
        #expect(pattern.kind == kind)
    }

    // MARK: refused advanced patterns

    @Test(arguments: [
        ("*a", 0, "Modifier must follow a token.", "'*' must follow a character, '.', or a set; write \\* for a literal '*'"),
        ("a+*", 2, "Modifier must follow a token.", "'*' must follow a character, '.', or a set, not another repetition; write \\* for a literal '*'"),
        ("a{2}{3}", 4, "Modifier must follow a token.", "'{' must follow a character, '.', or a set, not another repetition; write \\{ for a literal '{'"),
        ("/[]", 2, "You must define characters in a set.", "a set needs at least one character, such as [a-z]; write \\] inside a set for a literal ']'"),
        ("/a[", 2, "length=3; index=3", "Android throws StringIndexOutOfBoundsException for a '[' at the very end, where it looks for '^'; close the set, or write \\[ for a literal '['"),
        ("/a[bc", 2, "Set was not terminated!", "the set opened here has no closing ']'; write \\[ for a literal '['"),
        ("/a{2", 2, "Range not ended with '}'", "'{' repeats the token before it, as in {2}, {2,} or {2,4}, and needs a closing '}'; write \\{ for a literal '{'"),
        ("/a{x}", 2, "Range number format incorrect", "write {N}, {MIN,} or {MIN,MAX} with whole numbers (at most 2147483647), not {x}"),
        ("/a{3,2}", 2, "Range quantifier minimum is greater than maximum", "in {MIN,MAX} the minimum must not be greater than the maximum, as in {2,3}"),
        ("/a\\", 2, "Escape found at end of pattern!", "a '\\' makes the next character literal, and there is none; write \\\\ for a literal backslash"),
    ])
    func aRefusedAdvancedPatternSaysWhereAndWhatToDo(pattern: String, offset: Int, reason: String, hint: String) {
        #expect(throws: AndroidPatternError(pattern: pattern, offset: offset, reason: reason, hint: hint)) {
            try AndroidPattern(pattern, kind: .advancedGlob)
        }
    }

    @Test func theErrorIsASentenceQuotingAndroid() {
        let error = #expect(throws: AndroidPatternError.self) { try AndroidPattern("*a", kind: .advancedGlob) }
        #expect(error?.description == #"Android rejects the advanced pattern "*a": Modifier must follow a token. (at character 1: '*' must follow a character, '.', or a set; write \* for a literal '*')"#)
    }

    @Test(arguments: [
        (String(repeating: "a", count: 2046), nil as Int?),
        (String(repeating: "a", count: 2047), 2046),
        ("[" + String(repeating: "a", count: 1022) + "]", nil),
        ("[" + String(repeating: "a", count: 1023) + "]", 1024),
    ])
    func androidKeepsAtMost2048ParsedTokens(pattern: String, refusedAt: Int?) {
        do {
            let parsed = try AndroidPattern(pattern, kind: .advancedGlob)
            #expect(refusedAt == nil)
            #expect(parsed.matches(pattern.hasPrefix("[") ? "a" : pattern))
        } catch {
            #expect(error.offset == refusedAt)
            #expect(error.reason == "Pattern is too large!")
        }
    }

    @Test(arguments: AndroidPatternKind.allCases.filter { $0 != .advancedGlob })
    func onlyAdvancedPatternsCanBeRefused(kind: AndroidPatternKind) throws {
        for text in ["*a", "[", "a{3,2}", "\\", "[]"] {
            _ = try AndroidPattern(text, kind: kind)
        }
    }

    // MARK: properties

    static let texts = Gen<Character?>.element(of: Array(#"\.*+{}[]^-"@? /a0un9é😀"# + "\t\n\r\u{0B}\u{0}"))
        .map { $0 ?? "a" }.string(of: 0...24)

    @Test func aSimpleGlobLiteralMatchesItsText() async {
        await propertyCheck(count: 500, input: Self.texts) { text throws in
            #expect(try AndroidPattern(AndroidPattern.simpleGlobLiteral(text), kind: .simpleGlob).matches(text), "\(text)")
        }
    }

    @Test func anAdvancedGlobLiteralMatchesItsTextAndNothingLonger() async {
        await propertyCheck(count: 500, input: Self.texts) { text throws in
            let pattern = try AndroidPattern(AndroidPattern.advancedGlobLiteral(text), kind: .advancedGlob)
            #expect(pattern.matches(text), "\(text)")
            #expect(!pattern.matches(text + "x"), "\(text)")
        }
    }

    @Test func aaptGivesBackThePatternWrittenForIt() async {
        await propertyCheck(count: 500, input: Self.texts) { text in
            #expect(AndroidPattern.unescapingManifestValue(AndroidPattern.manifestAttributeValue(text)) == text, "\(text)")
        }
    }

    @Test func anyPatternAgainstAnyPathGivesAnAnswer() async {
        await propertyCheck(count: 1000, input: Self.texts, Self.texts) { pattern, path in
            for kind in AndroidPatternKind.allCases {
                _ = (try? AndroidPattern(pattern, kind: kind))?.matches(path)
            }
        }
    }
}
