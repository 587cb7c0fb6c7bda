import OpenAPIContract
import Testing

/// Every example `openapi/landfall.yaml` writes — of a response, a request body, a parameter, a
/// header or a schema — is valid against the schema it illustrates: a check of the document
/// and of the validator at once.
@Suite struct SpecificationExampleTests {
    /// The document's examples; empty when it does not load (which ``theSpecificationLoads`` reports).
    static let examples: [OpenAPIDocument.Example] = (try? Fixtures.specification().examples) ?? []

    @Test func theSpecificationLoads() throws {
        _ = try Fixtures.specification()
    }

    @Test func theSpecificationHasExamplesOfResponsesRequestsAndSchemas() {
        #expect(Self.examples.count >= 60, "\(Self.examples.count) examples")
        #expect(Self.examples.contains { $0.location.contains("/responses/") })
        #expect(Self.examples.contains { $0.location.contains("/requestBody/") })
        #expect(Self.examples.contains { $0.location.hasPrefix("#/components/schemas/") })
        #expect(Self.examples.contains { $0.location.hasPrefix("#/components/parameters/") })
        #expect(Self.examples.contains { $0.location.contains("/headers/") })
    }

    @Test(arguments: examples)
    func aDocumentedExampleIsValidAgainstItsOwnSchema(_ example: OpenAPIDocument.Example) throws {
        let violations = try Fixtures.specification().validate(example.value, againstSchemaAt: example.schemaLocation)
        #expect(violations.isEmpty, "\(violations.map(\.description))")
    }
}
