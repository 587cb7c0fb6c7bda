import LandfallJSON
import OpenAPIContract
import Testing

/// Loading refuses what the validator cannot check faithfully, naming the place, and reads YAML
/// as OpenAPI 3.1 means it.
@Suite struct DocumentLoadingTests {
    /// The problems loading `yaml` reports, or `[]` when it loads.
    static func problems(_ yaml: String) -> [String] {
        do {
            _ = try OpenAPIDocument(yaml: yaml)
            return []
        } catch let error as OpenAPIDocument.LoadError {
            return error.problems
        } catch {
            return ["\(error)"]
        }
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var schema: String
        /// The start of the one problem reported.
        var place: String
        var testDescription: String { schema }
    }

    static let refusals: [Refusal] = [
        Refusal(schema: "{type: object, patternProperties: {'^x': {type: string}}}", place: "#/components/schemas/S/patternProperties:"),
        Refusal(schema: "{properties: {a: {type: string, if: {minLength: 1}}}}", place: "#/components/schemas/S/properties/a/if:"),
        Refusal(schema: "{oneOf: [{type: string}], discriminator: {propertyName: kind}}", place: "#/components/schemas/S/discriminator:"),
        Refusal(schema: "{items: [{type: string}]}", place: "#/components/schemas/S/items:"),
        Refusal(schema: "{type: text}", place: "#/components/schemas/S/type:"),
        Refusal(schema: "{type: [string, 3]}", place: "#/components/schemas/S/type:"),
        Refusal(schema: "{$ref: '#/components/schemas/Nowhere'}", place: "#/components/schemas/S/$ref:"),
        Refusal(schema: "{$ref: 'other.yaml#/components/schemas/Thing'}", place: "#/components/schemas/S/$ref:"),
        Refusal(schema: "{pattern: '[unclosed'}", place: "#/components/schemas/S/pattern:"),
        Refusal(schema: "{minimum: low}", place: "#/components/schemas/S/minimum:"),
        Refusal(schema: "{exclusiveMinimum: true}", place: "#/components/schemas/S/exclusiveMinimum:"),
        Refusal(schema: "{maxLength: -1}", place: "#/components/schemas/S/maxLength:"),
        Refusal(schema: "{required: id}", place: "#/components/schemas/S/required:"),
        Refusal(schema: "{enum: []}", place: "#/components/schemas/S/enum:"),
        Refusal(schema: "{anyOf: {type: string}}", place: "#/components/schemas/S/anyOf:"),
        Refusal(schema: "{additionalProperties: 3}", place: "#/components/schemas/S/additionalProperties:"),
        Refusal(schema: "{properties: {a: 3}}", place: "#/components/schemas/S/properties/a:"),
        // A description with a comma in a flow mapping, unquoted, makes the rest a key.
        Refusal(schema: "{type: string, description: The campaign, for the app's own analytics.}",
                place: "#/components/schemas/S/for the app's own analytics.:"),
    ]

    @Test(arguments: refusals)
    func aKeywordTheValidatorCannotCheckFaithfullyFailsTheLoadNamingItsPlace(_ refusal: Refusal) {
        let problems = Self.problems(Fixtures.document(schema: refusal.schema))
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix(refusal.place) == true, "\(problems)")
    }

    @Test func anUnsupportedKeywordIsNamedWithItsLineInTheYAML() {
        let problems = Self.problems(Fixtures.document(schema: "{type: string, contentSchema: {type: object}}"))
        #expect(problems.first?.hasPrefix("#/components/schemas/S/contentSchema: the keyword contentSchema (line 9) is not supported") == true,
                "\(problems)")
    }

    @Test func everyProblemIsListedAtOnce() {
        let problems = Self.problems(Fixtures.document(schemas: """
            A: {type: string, unevaluatedProperties: false}
            B: {$ref: '#/components/schemas/Missing'}
        """))
        #expect(problems.count == 2, "\(problems)")
    }

    @Test func documentationKeywordsAndExtensionsAreIgnored() {
        let schema = "{title: T, description: D, example: 1, examples: [1], default: 1, deprecated: true, readOnly: true, "
            + "writeOnly: false, $comment: c, externalDocs: {url: 'https://example.com'}, x-anything: {if: 1}}"
        #expect(Self.problems(Fixtures.document(schema: schema)).isEmpty)
    }

    @Test func aResponseReferenceToNowhereFailsTheLoad() {
        let problems = Self.problems(Fixtures.document(paths: """
          /things:
            get:
              responses:
                '200': {$ref: '#/components/responses/Missing'}
        """))
        #expect(problems == ["#/paths/~1things/get/responses/200/$ref: \"#/components/responses/Missing\" names no response of this document"])
    }

    @Test func aDocumentThatIsNotOpenAPI3OrNotYAMLIsRefused() {
        #expect(Self.problems("swagger: '2.0'\ninfo: {title: T, version: '1'}\npaths: {}\n").first?.hasPrefix("#/openapi:") == true)
        #expect(Self.problems("openapi: 3.1.0\npaths: {a: [\n").first?.hasPrefix("not valid YAML") == true)
        #expect(Self.problems("openapi: 3.1.0\njsonSchemaDialect: https://example.com/mine\npaths: {}\n").first?.hasPrefix("#/jsonSchemaDialect:") == true)
    }

    @Test func yamlScalarsAreReadAsYAML12CoreSchemaReadsThem() throws {
        let document = try OpenAPIDocument(yaml: """
            openapi: 3.1.0
            paths: {}
            values: [on, yes, 'true', true, ~, null, '', 0x1F, 0o17, +12, 1.50, .5, 2026-12-24, '007', 'null']
            """)
        let values = try #require(document.root["values"]?.arrayValue)
        #expect(values.map(\.description) == [
            #""on""#, #""yes""#, #""true""#, "true", "null", "null", #""""#, "31", "15", "12", "1.50", "0.5", #""2026-12-24""#, #""007""#, #""null""#,
        ])
    }

    @Test func aSchemaReferenceMayBePercentEncodedAndEscaped() throws {
        let document = try OpenAPIDocument(yaml: Fixtures.document(schemas: """
            'a/b c': {type: integer}
            S: {$ref: '#/components/schemas/a~1b%20c'}
        """))
        #expect(try document.validate(.string("x"), againstSchemaAt: "#/components/schemas/S").map(\.summary) == ["type at the root"])
    }
}
