/// One way a response differs from what the OpenAPI document says: where (a JSON Pointer into
/// the body, `/links/3/slug`; empty for the body itself or the response as a whole), what the
/// document wanted and what the response had.
///
/// ```
/// GET /v1/links/{id} → 200: /clicks: expected an integer, found a string ("3") (#/components/schemas/Link/properties/clicks/type)
/// ```
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// What kind of difference it is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The body does not match the schema (``SchemaViolation/keyword`` says which keyword).
        case schema
        /// The body is not well-formed JSON: a syntax error, a byte-order mark, a key twice.
        case malformedBody
        /// The document has no operation for the method and path.
        case undocumentedOperation
        /// The operation documents no response for the status (nor its range, nor `default`).
        case undocumentedStatus
        /// The response documents no content of the response's media type, or it has none.
        case undocumentedMediaType
        /// A body where the documented response has none (a `204`).
        case unexpectedBody
        /// No body where the documented response has one.
        case missingBody
        /// The OpenAPI document itself could not be read (``ResponseContract``).
        case contractUnavailable
    }

    /// What kind of difference it is.
    public var kind: Kind
    /// A JSON Pointer into the body (`/links/3/slug`); empty for the body as a whole.
    public var pointer: String
    /// The schema keyword that failed (`type`, `required`, `additionalProperties`), for schema
    /// violations.
    public var keyword: String?
    /// What the document wanted (`an integer`, `one of active, disabled`).
    public var expected: String
    /// What the response had (`a string ("3")`).
    public var found: String
    /// Where the failing keyword is in the document (`#/components/schemas/Link/properties/clicks/type`).
    public var schemaLocation: String?
    /// The operation and response checked (`GET /v1/links/{id} → 200`), when known.
    public var response: String?

    /// Creates a violation.
    public init(kind: Kind, pointer: String = "", keyword: String? = nil, expected: String, found: String,
                schemaLocation: String? = nil, response: String? = nil) {
        self.kind = kind
        self.pointer = pointer
        self.keyword = keyword
        self.expected = expected
        self.found = found
        self.schemaLocation = schemaLocation
        self.response = response
    }

    /// One line: `GET /v1/links/{id} → 200: /clicks: expected an integer, found a string ("3") (#/…/type)`.
    public var description: String {
        var line = ""
        if let response { line += response + ": " }
        if kind == .schema || kind == .malformedBody { line += (pointer.isEmpty ? "the body" : pointer) + ": " }
        line += "expected \(expected), found \(found)"
        if let schemaLocation { line += " (\(schemaLocation))" }
        return line
    }
}
