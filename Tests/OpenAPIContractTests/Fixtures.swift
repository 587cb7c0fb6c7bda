import Foundation
import LandfallJSON
import OpenAPIContract
import Testing

/// Documents and bodies the tests build.
enum Fixtures {
    /// A minimal OpenAPI document whose `components.schemas` are `schemas` (YAML, indented as
    /// members of `schemas`), and whose `paths` are `paths` (YAML, indented as members of `paths`).
    static func document(schemas: String = "", paths: String = "", responses: String = "") -> String {
        """
        openapi: 3.1.0
        info: {title: Fixture, version: '1'}
        paths:
        \(paths.isEmpty ? "  {}" : paths)
        components:
          responses:
        \(responses.isEmpty ? "    {}" : responses)
          schemas:
        \(schemas.isEmpty ? "    {}" : schemas)
        """
    }

    /// A document with the schema `S` (a one-line YAML flow mapping) and the helper schemas
    /// `Thing` (an object that requires `id`) and `Short` (a string of at most 5 characters).
    static func document(schema: String) -> String {
        document(schemas: """
            S: \(schema)
            Thing: {type: object, required: [id], properties: {id: {type: string}}}
            Short: {type: string, maxLength: 5}
        """)
    }

    /// The violations of a JSON body (text) against the schema `S` (a one-line YAML flow mapping).
    static func violations(of body: String, against schema: String) throws -> [SchemaViolation] {
        let document = try OpenAPIDocument(yaml: document(schema: schema))
        return try document.validate(JSONValue.parse(body), againstSchemaAt: "#/components/schemas/S")
    }

    /// The repository's `openapi/landfall.yaml`, loaded once.
    static func specification() throws -> OpenAPIDocument {
        try ResponseContract.shared.document.get()
    }

    /// UTF-8 bytes of a body.
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}

extension SchemaViolation {
    /// `type at /clicks`, `required at /id`, `type at the root`: what the tables compare.
    var summary: String {
        "\(keyword ?? kind.rawValue) at \(pointer.isEmpty ? "the root" : pointer)"
    }
}

/// A JSON object written member by member, to make near-copies of valid bodies.
struct JSONObjectText {
    var members: [(String, String)]

    /// A copy with `key` set to the raw JSON `value` (appended when absent).
    func setting(_ key: String, _ value: String) -> JSONObjectText {
        var copy = self
        if let index = copy.members.firstIndex(where: { $0.0 == key }) { copy.members[index].1 = value } else { copy.members.append((key, value)) }
        return copy
    }

    /// A copy without `key`.
    func removing(_ key: String) -> JSONObjectText {
        JSONObjectText(members: members.filter { $0.0 != key })
    }

    var text: String { "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}" }
    var bytes: [UInt8] { Array(text.utf8) }

    /// A link as `GET /v1/links/{id}` answers it.
    static let link = JSONObjectText(members: [
        ("id", #""019b4f2e-7a10-7c4e-9b1f-3f0d2a6b8c11""#),
        ("url", #""https://go.daily.example.com/xmas""#),
        ("host", #""go.daily.example.com""#),
        ("slug", #""xmas""#),
        ("target", #""https://daily.example.com/puzzle/2026-12-24""#),
        ("overrides", #"{"ios": null, "android": null, "desktop": null}"#),
        ("preview", #"{"title": "The Christmas Eve puzzle", "description": null, "imageURL": null}"#),
        ("campaign", #"{"source": "newsletter", "medium": "email", "name": "winter-league", "term": null, "content": null}"#),
        ("data", #"{"referrer": "ada"}"#),
        ("expiresAt", #""2027-01-31T23:59:59Z""#),
        ("maxClicks", "null"),
        ("disabled", "false"),
        ("createdAt", #""2026-12-01T09:30:00Z""#),
        ("updatedAt", #""2026-12-01T09:30:00.250+01:00""#),
        ("clicks", "12"),
        ("card", "null"),
    ])
}
