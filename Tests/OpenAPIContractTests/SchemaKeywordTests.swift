import LandfallJSON
import OpenAPIContract
import Testing

/// Each JSON Schema keyword the validator implements, on a value that passes and on values that
/// fail, with where the violation is reported.
@Suite struct SchemaKeywordTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var schema: String
        var body: String
        /// `keyword at pointer` for each violation, in order; empty for a valid body.
        var expected: [String]

        init(_ schema: String, _ body: String, _ expected: [String] = []) {
            self.schema = schema
            self.body = body
            self.expected = expected
        }

        var testDescription: String { "\(body) against \(schema)" }
    }

    static let typeCases: [Case] = [
        Case("{type: string}", #""text""#),
        Case("{type: string}", "1", ["type at the root"]),
        Case("{type: integer}", "1"),
        Case("{type: integer}", "-0"),
        Case("{type: integer}", "1.0"),
        Case("{type: integer}", "1e2"),
        Case("{type: integer}", "1.5", ["type at the root"]),
        Case("{type: integer}", "1.5e-1", ["type at the root"]),
        Case("{type: integer}", "15e-1", ["type at the root"]),
        Case("{type: integer}", "150e-1"),
        Case("{type: integer}", #""1""#, ["type at the root"]),
        Case("{type: integer}", "true", ["type at the root"]),
        Case("{type: number}", "1"),
        Case("{type: number}", "1.5"),
        Case("{type: number}", "false", ["type at the root"]),
        Case("{type: boolean}", "true"),
        Case("{type: boolean}", "1", ["type at the root"]),
        Case("{type: boolean}", "0", ["type at the root"]),
        Case("{type: 'null'}", "null"),
        Case("{type: 'null'}", #""""#, ["type at the root"]),
        Case("{type: [string, 'null']}", "null"),
        Case("{type: [string, 'null']}", #""x""#),
        Case("{type: [string, 'null']}", "3", ["type at the root"]),
        Case("{type: object}", "{}"),
        Case("{type: object}", "[]", ["type at the root"]),
        Case("{type: array}", "[]"),
        Case("{type: array}", "{}", ["type at the root"]),
        Case("{type: string, nullable: true}", "null"),
        Case("{type: string, nullable: false}", "null", ["type at the root"]),
    ]

    static let objectCases: [Case] = [
        Case("{type: object, required: [id], properties: {id: {type: string}}}", #"{"id": "a"}"#),
        Case("{type: object, required: [id], properties: {id: {type: string}}}", "{}", ["required at /id"]),
        Case("{type: object, required: [id], properties: {id: {type: string}}}", #"{"id": 3}"#, ["type at /id"]),
        Case("{properties: {a: {type: integer}}}", #"{"b": "anything"}"#),
        Case("{properties: {a/b: {type: integer}, c~d: {type: integer}}}", #"{"a/b": "x", "c~d": "y"}"#, ["type at /a~1b", "type at /c~0d"]),
        Case("{properties: {a: {type: integer}}, additionalProperties: false}", #"{"a": 1, "b": 2}"#, ["additionalProperties at /b"]),
        Case("{properties: {a: {type: integer}}, additionalProperties: true}", #"{"a": 1, "b": 2}"#),
        Case("{additionalProperties: {type: string}}", #"{"x": "1", "y": 1}"#, ["type at /y"]),
        Case("{propertyNames: {minLength: 1, maxLength: 3}}", #"{"a": 1, "abc": 2}"#),
        Case("{propertyNames: {minLength: 1, maxLength: 3}}", #"{"": 1, "abcd": 2}"#, ["minLength at /", "maxLength at /abcd"]),
        Case("{propertyNames: {pattern: '^[a-z]+$'}}", #"{"ok": 1, "Not": 2}"#, ["pattern at /Not"]),
        Case("{minProperties: 1}", "{}", ["minProperties at the root"]),
        Case("{maxProperties: 1}", #"{"a": 1, "b": 2}"#, ["maxProperties at the root"]),
        Case("{maxProperties: 1}", #"{"a": 1}"#),
        Case("{properties: {x: false}}", #"{"x": 1}"#, ["false at /x"]),
        Case("{type: object}", #"{"a": 1, "a": 2}"#, ["malformedBody at /a"]),
        Case("{$ref: '#/components/schemas/Thing'}", #"{"id": "a"}"#),
        Case("{$ref: '#/components/schemas/Thing'}", #"{"id": null}"#, ["type at /id"]),
        Case("{$ref: '#/components/schemas/Thing', required: [name]}", #"{"id": "a"}"#, ["required at /name"]),
    ]

    static let arrayCases: [Case] = [
        Case("{items: {type: integer}}", "[1, 2]"),
        Case("{items: {type: integer}}", #"[1, "a", 3, true]"#, ["type at /1", "type at /3"]),
        Case("{items: {$ref: '#/components/schemas/Thing'}}", #"[{"id": "a"}, {}]"#, ["required at /1/id"]),
        Case("{minItems: 1}", "[]", ["minItems at the root"]),
        Case("{maxItems: 2}", "[1, 2, 3]", ["maxItems at the root"]),
        Case("{maxItems: 2}", "[1, 2]"),
        Case("{uniqueItems: true}", "[1, 2, 1.0]", ["uniqueItems at the root"]),
        Case("{uniqueItems: true}", #"[{"a": 1, "b": 2}, {"b": 2, "a": 1}]"#, ["uniqueItems at the root"]),
        Case("{uniqueItems: true}", "[1, 2, 3]"),
    ]

    static let valueCases: [Case] = [
        Case("{enum: [active, disabled]}", #""active""#),
        Case("{enum: [active, disabled]}", #""gone""#, ["enum at the root"]),
        Case("{type: [string, 'null'], enum: [a, null]}", "null"),
        Case("{type: [string, 'null'], enum: [a, null]}", #""null""#, ["enum at the root"]),
        Case("{enum: [1, '1']}", "1.0"),
        Case("{enum: [on, yes]}", #""on""#),
        Case("{const: true}", "true"),
        Case("{const: true}", "1", ["const at the root"]),
        Case("{const: \"ok\\n\"}", #""ok\n""#),
        Case("{minimum: 1}", "1"),
        Case("{minimum: 1}", "0.5", ["minimum at the root"]),
        Case("{minimum: 1}", #""0""#),
        Case("{maximum: 200}", "201", ["maximum at the root"]),
        Case("{exclusiveMinimum: 0}", "0", ["exclusiveMinimum at the root"]),
        Case("{exclusiveMaximum: 10}", "9.99"),
        Case("{multipleOf: 0.5}", "2.5"),
        Case("{multipleOf: 0.5}", "2.25", ["multipleOf at the root"]),
        Case("{minLength: 3}", #""ab""#, ["minLength at the root"]),
        Case("{maxLength: 2}", #""é😀""#),
        Case("{maxLength: 2}", #""abc""#, ["maxLength at the root"]),
        Case("{pattern: 'b'}", #""abc""#),
        Case("{pattern: '^[A-Za-z0-9_-]{3,64}$'}", #""xmas-2026""#),
        Case("{pattern: '^[A-Za-z0-9_-]{3,64}$'}", #""x mas""#, ["pattern at the root"]),
        Case("{pattern: '^[0-9a-f]{32}$', type: [string, 'null']}", "null"),
    ]

    static let combinationCases: [Case] = [
        Case("{allOf: [{type: object, required: [a]}, {properties: {a: {type: string}}}]}", #"{"a": "x"}"#),
        Case("{allOf: [{type: object, required: [a]}, {properties: {a: {type: string}}}]}", #"{"a": 1}"#, ["type at /a"]),
        Case("{allOf: [{type: object, required: [a]}, {properties: {a: {type: string}}}]}", "{}", ["required at /a"]),
        Case("{anyOf: [{required: [token]}, {required: [weak]}]}", #"{"weak": true}"#),
        Case("{anyOf: [{minimum: 5}, {maximum: 1}]}", "3", ["anyOf at the root"]),
        Case("{oneOf: [{type: string}, {type: integer}]}", "1"),
        Case("{oneOf: [{type: string}, {type: integer}]}", "true", ["oneOf at the root"]),
        Case("{oneOf: [{type: number}, {type: integer}]}", "1", ["oneOf at the root"]),
        // One branch fits the value's kind: its own violation is reported, at its own place.
        Case("{oneOf: [{$ref: '#/components/schemas/Thing'}, {type: 'null'}]}", "{}", ["required at /id"]),
        Case("{oneOf: [{$ref: '#/components/schemas/Thing'}, {type: 'null'}]}", "null"),
        Case("{oneOf: [{type: string, format: date-time}, {type: 'null'}]}", #""yesterday""#, ["format at the root"]),
        Case("{oneOf: [{$ref: '#/components/schemas/Short'}, {type: 'null'}]}", #""too long""#, ["maxLength at the root"]),
        Case("{not: {type: string}}", "1"),
        Case("{not: {type: string}}", #""x""#, ["not at the root"]),
        Case("{}", #"{"anything": [1, "at", null]}"#),
        Case("{description: Documented, example: 3, deprecated: true, x-landfall-note: kept}", "[]"),
    ]

    static let formatCases: [Case] = [
        Case("{format: date-time}", #""2026-12-24T18:00:00Z""#),
        Case("{format: date-time}", #""2026-12-24t18:00:00.123456+05:30""#),
        Case("{format: date-time}", #""2016-12-31T23:59:60Z""#),
        Case("{format: date-time}", #""2026-12-24 18:00:00Z""#, ["format at the root"]),
        Case("{format: date-time}", #""2026-12-24T18:00:00""#, ["format at the root"]),
        Case("{format: date-time}", #""2026-02-29T18:00:00Z""#, ["format at the root"]),
        Case("{format: date-time}", #""2026-12-24T24:00:00Z""#, ["format at the root"]),
        Case("{format: date}", #""2028-02-29""#),
        Case("{format: date}", #""2026-13-01""#, ["format at the root"]),
        Case("{format: uuid}", #""019b4f2e-7a10-7c4e-9b1f-3f0d2a6b8c11""#),
        Case("{format: uuid}", #""019b4f2e7a107c4e9b1f3f0d2a6b8c11""#, ["format at the root"]),
        Case("{format: uri}", #""https://go.daily.example.com/xmas?ref=a%20b#top""#),
        Case("{format: uri}", #""mailto:ada@example.com""#),
        Case("{format: uri}", #""/relative/path""#, ["format at the root"]),
        Case("{format: uri}", #""https://example.com/a b""#, ["format at the root"]),
        Case("{format: uri}", #""https://example.com/é""#, ["format at the root"]),
        Case("{format: uri}", #""https://example.com/%zz""#, ["format at the root"]),
        Case("{format: hostname}", #""go.daily.example.com""#),
        Case("{format: hostname}", #""-bad-.example.com""#, ["format at the root"]),
        Case("{format: int32}", "2147483647"),
        Case("{format: int32}", "2147483648", ["format at the root"]),
        Case("{format: uuid}", "3"),
        Case("{format: a-format-nobody-knows}", #""anything""#),
    ]

    @Test(arguments: typeCases)
    func typeAcceptsEachValueOfItsKindsAndNothingElse(_ testCase: Case) throws {
        try check(testCase)
    }

    @Test(arguments: objectCases)
    func objectKeywordsReportEachMemberAtItsOwnPointer(_ testCase: Case) throws {
        try check(testCase)
    }

    @Test(arguments: arrayCases)
    func arrayKeywordsReportEachItemAtItsIndex(_ testCase: Case) throws {
        try check(testCase)
    }

    @Test(arguments: valueCases)
    func valueKeywordsCompareAsJSONSchemaDoes(_ testCase: Case) throws {
        try check(testCase)
    }

    @Test(arguments: combinationCases)
    func combinedSchemasReportTheBranchThatWasMeant(_ testCase: Case) throws {
        try check(testCase)
    }

    @Test(arguments: formatCases)
    func knownFormatsAreCheckedAndUnknownOnesPass(_ testCase: Case) throws {
        try check(testCase)
    }

    private func check(_ testCase: Case) throws {
        let violations = try Fixtures.violations(of: testCase.body, against: testCase.schema)
        #expect(violations.map(\.summary) == testCase.expected, "\(violations.map(\.description))")
    }

    @Test func aViolationSaysWhereWhatWasWantedAndWhatWasFoundOnOneLine() throws {
        let violations = try Fixtures.violations(of: #"{"id": 3}"#, against: "{$ref: '#/components/schemas/Thing'}")
        let violation = try #require(violations.first)
        #expect(violation.pointer == "/id")
        #expect(violation.keyword == "type")
        #expect(violation.expected == "a string")
        #expect(violation.found == "an integer (3)")
        #expect(violation.schemaLocation == "#/components/schemas/Thing/properties/id/type")
        #expect(violation.description == "/id: expected a string, found an integer (3) (#/components/schemas/Thing/properties/id/type)")
        #expect(!violation.description.contains("\n"))
    }

    @Test func aMissingRequiredPropertyIsReportedWhereItShouldBe() throws {
        let violation = try #require(try Fixtures.violations(of: "[{}]", against: "{items: {$ref: '#/components/schemas/Thing'}}").first)
        #expect(violation.description == "/0/id: expected the required property id, found no such property (#/components/schemas/Thing/required)")
    }

    @Test func aLongStringIsCutInTheViolation() throws {
        let long = String(repeating: "a", count: 500)
        let violation = try #require(try Fixtures.violations(of: "\"\(long)\"", against: "{type: integer}").first)
        #expect(violation.found.count < 100)
        #expect(violation.found.hasSuffix("…\")"))
    }

    @Test func aSchemaThatRefersToItselfWithoutEndIsReportedNotAStackOverflow() throws {
        let document = try OpenAPIDocument(yaml: Fixtures.document(schemas: """
            Loop: {allOf: [{$ref: '#/components/schemas/Loop'}]}
        """))
        let violations = try document.validate(JSONValue.parse("1"), againstSchemaAt: "#/components/schemas/Loop")
        #expect(violations.map(\.keyword) == ["$ref"])
    }

    @Test func aLocationWithoutASchemaIsAnError() throws {
        let document = try OpenAPIDocument(yaml: Fixtures.document(schema: "{type: string}"))
        #expect(throws: OpenAPIDocument.UnknownSchemaLocation.self) {
            try document.validate(.null, againstSchemaAt: "#/components/schemas/Nothing")
        }
        // Nested schemas can be validated against by their own location.
        #expect(try document.validate(.string("abcdef"), againstSchemaAt: "#/components/schemas/Thing/properties/id").isEmpty)
    }
}
