import DeepLinkRouting
import Testing

@Suite struct RoutePatternTests {
    struct Valid: Sendable, CustomTestStringConvertible {
        let behaviour: String
        let pattern: String
        let names: [String]
        let expansions: [String]
        var testDescription: String { behaviour }
    }

    /// Expansions written compactly: literals as text, parameters as `:name`, catch-alls as `*name`.
    static func render(_ segments: [PatternSegment]) -> String {
        "/" + segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter(let name): ":" + name
            case .catchAll(let name): "*" + (name ?? "")
            }
        }.joined(separator: "/")
    }

    static let valid: [Valid] = [
        Valid(behaviour: "the root pattern has no segments", pattern: "/", names: [], expansions: ["/"]),
        Valid(behaviour: "a literal pattern has one expansion", pattern: "/about", names: [], expansions: ["/about"]),
        Valid(behaviour: "a trailing slash in a pattern is ignored", pattern: "/about/", names: [], expansions: ["/about"]),
        Valid(behaviour: "a named parameter is captured", pattern: "/puzzle/:date", names: ["date"], expansions: ["/puzzle/:date"]),
        Valid(behaviour: "parameter names may have digits and underscores", pattern: "/a/:user_id2", names: ["user_id2"], expansions: ["/a/:user_id2"]),
        Valid(behaviour: "an optional group gives two expansions, absent first", pattern: "/required/:a(/optional/:b)", names: ["a", "b"], expansions: ["/required/:a", "/required/:a/optional/:b"]),
        Valid(behaviour: "nested optional groups give three expansions", pattern: "/a(/b(/c))", names: [], expansions: ["/a", "/a/b", "/a/b/c"]),
        Valid(behaviour: "two sibling groups give four expansions", pattern: "/a(/b)(/c)", names: [], expansions: ["/a", "/a/c", "/a/b", "/a/b/c"]),
        Valid(behaviour: "a pattern may start with an optional group", pattern: "(/:lang)/about", names: ["lang"], expansions: ["/about", "/:lang/about"]),
        Valid(behaviour: "a named catch-all is captured", pattern: "/files/*path", names: ["path"], expansions: ["/files/*path"]),
        Valid(behaviour: "an anonymous catch-all captures nothing", pattern: "/shop/*", names: [], expansions: ["/shop/*"]),
        Valid(behaviour: "a catch-all may close optional groups", pattern: "/docs(/*path)", names: ["path"], expansions: ["/docs", "/docs/*path"]),
        Valid(behaviour: "a percent-encoded literal is decoded", pattern: "/caf%C3%A9", names: [], expansions: ["/café"]),
        Valid(behaviour: "a literal may contain dots, dashes and tildes", pattern: "/v1.2/read-me/~x", names: [], expansions: ["/v1.2/read-me/~x"]),
        Valid(behaviour: "a literal may contain unicode", pattern: "/über/straße", names: [], expansions: ["/über/straße"]),
        Valid(behaviour: "a group may hold several segments", pattern: "/a(/b/:c/d)", names: ["c"], expansions: ["/a", "/a/b/:c/d"]),
    ]

    @Test(arguments: valid)
    func parsesAValidPattern(_ testCase: Valid) throws {
        let pattern = try RoutePattern(testCase.pattern)
        #expect(pattern.parameterNames == testCase.names)
        #expect(pattern.expansions.map(Self.render) == testCase.expansions)
        #expect(pattern.description == testCase.pattern)
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        let behaviour: String
        let pattern: String
        let code: RoutePatternError.Code
        /// The caret line: spaces then `^` under the offending character.
        let caret: String
        var testDescription: String { behaviour }
    }

    static let invalid: [Invalid] = [
        Invalid(behaviour: "an empty pattern is rejected", pattern: "", code: .emptyPattern, caret: "^"),
        Invalid(behaviour: "a pattern without a leading slash points at its first character", pattern: "about", code: .missingLeadingSlash, caret: "^"),
        Invalid(behaviour: "an unclosed group points at its opening parenthesis", pattern: "/a(/b", code: .unbalancedParenthesis, caret: "  ^"),
        Invalid(behaviour: "an unclosed outer group points at the outer parenthesis", pattern: "/a(/b(/c)", code: .unbalancedParenthesis, caret: "  ^"),
        Invalid(behaviour: "a stray closing parenthesis points at itself", pattern: "/a/b)", code: .unbalancedParenthesis, caret: "    ^"),
        Invalid(behaviour: "a stray closing parenthesis after a group points at itself", pattern: "/a(/b))", code: .unbalancedParenthesis, caret: "      ^"),
        Invalid(behaviour: "an empty group points at its opening parenthesis", pattern: "/a()", code: .malformedGroup, caret: "  ^"),
        Invalid(behaviour: "a group not starting with a slash points at its first character", pattern: "/a(b)", code: .malformedGroup, caret: "   ^"),
        Invalid(behaviour: "an empty parameter name points at the colon", pattern: "/user/:", code: .emptyParameterName, caret: "      ^"),
        Invalid(behaviour: "an empty parameter name before a slash points at the colon", pattern: "/:/x", code: .emptyParameterName, caret: " ^"),
        Invalid(behaviour: "an empty parameter name before a group points at the colon", pattern: "/a/:(/b)", code: .emptyParameterName, caret: "   ^"),
        Invalid(behaviour: "a duplicate parameter name points at the second one", pattern: "/user/:id/:id", code: .duplicateParameterName, caret: "          ^"),
        Invalid(behaviour: "a duplicate name inside a group points at the second one", pattern: "/a/:x(/b/:x)", code: .duplicateParameterName, caret: "         ^"),
        Invalid(behaviour: "a catch-all name that repeats a parameter is a duplicate", pattern: "/a/:rest/*rest", code: .duplicateParameterName, caret: "         ^"),
        Invalid(behaviour: "a catch-all followed by a segment points at the catch-all", pattern: "/files/*path/edit", code: .catchAllNotLast, caret: "       ^"),
        Invalid(behaviour: "a catch-all followed by a group points at the catch-all", pattern: "/files(/*path)(/x)", code: .catchAllNotLast, caret: "        ^"),
        Invalid(behaviour: "a catch-all followed by a segment after its group points at the catch-all", pattern: "/a(/*r)/b", code: .catchAllNotLast, caret: "    ^"),
        Invalid(behaviour: "a parameter inside a literal points at the colon", pattern: "/a:b", code: .parameterNotWholeSegment, caret: "  ^"),
        Invalid(behaviour: "a star inside a literal points at the star", pattern: "/a*", code: .parameterNotWholeSegment, caret: "  ^"),
        Invalid(behaviour: "a colon inside a parameter name points at it", pattern: "/:a:b", code: .parameterNotWholeSegment, caret: "   ^"),
        Invalid(behaviour: "a hyphen in a parameter name points at it", pattern: "/:user-id", code: .invalidParameterName, caret: "      ^"),
        Invalid(behaviour: "a parameter name starting with a digit points at the digit", pattern: "/:1st", code: .invalidParameterName, caret: "  ^"),
        Invalid(behaviour: "a double slash points at the second slash", pattern: "/a//b", code: .emptySegment, caret: "   ^"),
        Invalid(behaviour: "a slash before a group points at the parenthesis", pattern: "/a/(/b)", code: .emptySegment, caret: "   ^"),
        Invalid(behaviour: "a slash alone in a group points at the closing parenthesis", pattern: "/a(/)", code: .emptySegment, caret: "    ^"),
        Invalid(behaviour: "a query in a pattern points at the question mark", pattern: "/search?q=:q", code: .queryOrFragmentInPattern, caret: "       ^"),
        Invalid(behaviour: "a fragment in a pattern points at the hash", pattern: "/a/:b#top", code: .queryOrFragmentInPattern, caret: "     ^"),
        Invalid(behaviour: "a bad percent escape points at the percent sign", pattern: "/a/b%zz", code: .invalidPercentEncoding, caret: "    ^"),
        Invalid(behaviour: "a truncated percent escape points at the percent sign", pattern: "/ab%4", code: .invalidPercentEncoding, caret: "   ^"),
        Invalid(behaviour: "escapes that are not UTF-8 point at the first escape", pattern: "/x%FF", code: .invalidPercentEncoding, caret: "  ^"),
        Invalid(behaviour: "text straight after a group points at that text", pattern: "/a(/b)c", code: .missingLeadingSlash, caret: "      ^"),
        Invalid(behaviour: "a ninth optional group points at its parenthesis", pattern: "/a(/b)(/c)(/d)(/e)(/f)(/g)(/h)(/i)(/j)", code: .tooManyOptionalGroups, caret: String(repeating: " ", count: 34) + "^"),
    ]

    @Test(arguments: invalid)
    func rejectsABadPatternPointingAtTheCharacter(_ testCase: Invalid) {
        do {
            _ = try RoutePattern(testCase.pattern)
            Issue.record("'\(testCase.pattern)' should not parse")
        } catch {
            #expect(error.code == testCase.code, "\(error)")
            let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 3)
            #expect(lines.last.map(String.init) == "  " + testCase.caret, "\(error)")
            #expect(error.pattern == testCase.pattern)
        }
    }

    @Test func anErrorDescriptionNamesTheCharacterAndShowsTheCaret() {
        #expect(throws: RoutePatternError.self) { try RoutePattern("/user/:id/:id") }
        do {
            _ = try RoutePattern("/user/:id/:id")
        } catch {
            #expect(error.description == """
                pattern '/user/:id/:id', character 11: duplicate parameter name 'id'
                  /user/:id/:id
                            ^
                """)
        }
    }

    @Test func elementsKeepTheGroupStructure() throws {
        let pattern = try RoutePattern("/r/:a(/o/:b)")
        #expect(pattern.elements == [
            .segment(.literal("r")), .segment(.parameter("a")),
            .optionalGroup([.segment(.literal("o")), .segment(.parameter("b"))]),
        ])
    }
}
