import LandfallSite
import PropertyBased
import Testing

/// `{name}` placeholders in page texts: parsing, filling, the `{{`/`}}` escapes, and errors
/// that point at the character at fault.
@Suite struct PlaceholderTextTests {
    @Test func aPlaceholderIsFilledFromTheParameters() throws {
        let text = try PlaceholderText("Puzzle for {date}")
        #expect(text.pieces == [.literal("Puzzle for "), .placeholder("date")])
        #expect(text.names == ["date"])
        #expect(text.filled(with: ["date": "2025-10-25"]) == "Puzzle for 2025-10-25")
        #expect(text.description == "Puzzle for {date}")
    }

    @Test func eachNameIsListedOnceInOrderOfAppearance() throws {
        let text = try PlaceholderText("{b}/{a}-{b}_{a1}")
        #expect(text.names == ["b", "a", "a1"])
        #expect(text.filled(with: ["a": "1", "b": "2", "a1": "3"]) == "2/1-2_3")
    }

    @Test func aPlaceholderWithoutAValueIsLeftEmpty() throws {
        #expect(try PlaceholderText("news/{slug}.json").filled(with: [:]) == "news/.json")
    }

    /// Texts with escaped braces, their pieces, and the text they fill to with `x = 1`.
    static let escapes: [(text: String, pieces: [PlaceholderText.Piece], filled: String)] = [
        ("{{literal}}", [.literal("{literal}")], "{literal}"),
        ("a {{b}} {x}", [.literal("a {b} "), .placeholder("x")], "a {b} 1"),
        ("{{{x}}}", [.literal("{"), .placeholder("x"), .literal("}")], "{1}"),
        ("}}{{", [.literal("}{")], "}{"),
        ("{x}{x}", [.placeholder("x"), .placeholder("x")], "11"),
        ("", [], ""),
        ("é {x} 中", [.literal("é "), .placeholder("x"), .literal(" 中")], "é 1 中"),
    ]

    @Test(arguments: escapes)
    func doubledBracesAreLiteralBraces(text: String, pieces: [PlaceholderText.Piece], filled: String) throws {
        let parsed = try PlaceholderText(text)
        #expect(parsed.pieces == pieces)
        #expect(parsed.filled(with: ["x": "1"]) == filled)
    }

    /// Texts that do not parse, the message and the offset (in characters) of the fault.
    static let errors: [(text: String, message: String, offset: Int)] = [
        ("Puzzle for {date", "'{' has no closing '}'", 11),
        ("{", "'{' has no closing '}'", 0),
        ("a}", "'}' without '{'; write '}}' for a brace", 1),
        ("}}}", "'}' without '{'; write '}}' for a brace", 2),
        ("{x}}", "'}' without '{'; write '}}' for a brace", 3),
        ("{}", "'{}' is not a placeholder; write a parameter name of letters, digits and _, or '{{' for a brace", 0),
        ("see {the date}", "'{the date}' is not a placeholder", 4),
        ("x {a-b}", "'{a-b}' is not a placeholder", 2),
        ("{café}", "'{café}' is not a placeholder", 0),
        ("é中{", "'{' has no closing '}'", 2),
        ("👍🏽 {x", "'{' has no closing '}'", 2),
    ]

    @Test(arguments: errors)
    func aTextThatDoesNotParsePointsAtTheFault(text: String, message: String, offset: Int) {
        #expect {
            try PlaceholderText(text)
        } throws: { error in
            guard let error = error as? PlaceholderText.ParseError else { return false }
            return error.message.hasPrefix(message) && error.offset == offset
                && error.description == "\(error.message) (at character \(offset + 1))"
        }
    }

    // MARK: properties

    static let braceless = Gen<Character?>.element(of: Array("abc XYZ 019 /.-_:%#é中😀\u{301}\n")).map { $0 ?? "a" }.string(of: 0...30)
    static let anyText = Gen<Character?>.element(of: Array("ab{}x_ 1é")).map { $0 ?? "a" }.string(of: 0...20)

    @Test func textWithoutBracesRoundTrips() async {
        await propertyCheck(count: 300, input: Self.braceless) { text in
            let parsed = try PlaceholderText(text)
            #expect(parsed.names == [])
            #expect(parsed.pieces == (text.isEmpty ? [] : [.literal(text)]))
            #expect(parsed.filled(with: ["a": "b"]) == text)
            #expect(parsed.text == text)
        }
    }

    @Test func escapingEveryBraceGivesTheTextBack() async {
        await propertyCheck(count: 300, input: Self.anyText) { text in
            let escaped = text.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
            let parsed = try PlaceholderText(escaped)
            #expect(parsed.names == [])
            #expect(parsed.filled(with: [:]) == text)
        }
    }

    @Test func anyTextEitherParsesOrPointsAtABrace() async {
        await propertyCheck(count: 500, input: Self.anyText) { text throws in
            let parsed: PlaceholderText
            do throws(PlaceholderText.ParseError) {
                parsed = try PlaceholderText(text)
            } catch {
                #expect(error.offset < text.count)
                #expect(["{", "}"].contains(Array(text)[error.offset]), "\(text): \(error)")
                return
            }
            // Writing the pieces back out (braces doubled) gives a text with the same pieces.
            let rebuilt = parsed.pieces.map { piece -> String in
                switch piece {
                case .literal(let literal): literal.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
                case .placeholder(let name): "{\(name)}"
                }
            }.joined()
            #expect(try PlaceholderText(rebuilt).pieces == parsed.pieces)
        }
    }
}
