import LandfallJSON

extension OpenAPIDocument {
    /// A request part the document does not describe (``validateRequestBody(_:method:path:)``,
    /// ``validateParameter(_:named:in:method:path:)``).
    public struct UndocumentedRequestPart: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Validates a JSON request body against the `application/json` schema of the operation
    /// `method` `path`, so that a test can ask whether the contract allows a body the server
    /// accepts, or refuses one the server refuses.
    ///
    /// ```swift
    /// let violations = try document.validateRequestBody(JSONValue.parse(#"{"count": 1, "note": null}"#),
    ///                                                   method: "POST", path: "/v1/invites")
    /// ```
    ///
    /// - Parameters:
    ///   - method: The method, in any case.
    ///   - path: The path template as the document writes it (`/v1/links/{id}`).
    /// - Throws: ``UndocumentedRequestPart`` when the operation has no JSON request body.
    public func validateRequestBody(_ value: JSONValue, method: String, path: String) throws -> [SchemaViolation] {
        let operation = JSONPointer.appending(path, to: "#/paths") + "/" + method.lowercased()
        let location = operation + "/requestBody/content/application~1json/schema"
        guard schemas[location] != nil else {
            throw UndocumentedRequestPart(description: "\(method.uppercased()) \(path) has no application/json request body in the document")
        }
        return try validate(value, againstSchemaAt: location)
    }

    /// Validates the text of the parameter `name` (in `location`: `query`, `path`) of the
    /// operation `method` `path` against its schema. The text is validated as a JSON string, so
    /// this is for parameters of `type: string` (a cursor, a `format`, a token).
    ///
    /// - Throws: ``UndocumentedRequestPart`` when neither the operation nor its path item
    ///   documents that parameter.
    public func validateParameter(_ text: String, named name: String, in location: String = "query", method: String,
                                  path: String) throws -> [SchemaViolation] {
        let pathItem = JSONPointer.appending(path, to: "#/paths")
        for place in [pathItem + "/" + method.lowercased() + "/parameters", pathItem + "/parameters"] {
            for (index, parameter) in (JSONPointer.resolve(place, in: root)?.arrayValue ?? []).enumerated() {
                var schemaPlace = JSONPointer.appending(index, to: place)
                var node = parameter
                if let reference = parameter["$ref"]?.stringValue, let target = JSONPointer.canonicalReference(reference),
                   let resolved = JSONPointer.resolve(target, in: root) {
                    schemaPlace = target
                    node = resolved
                }
                guard node["name"]?.stringValue == name, node["in"]?.stringValue == location else { continue }
                return try validate(.string(text), againstSchemaAt: schemaPlace + "/schema")
            }
        }
        throw UndocumentedRequestPart(description: "\(method.uppercased()) \(path) documents no \(location) parameter \(name)")
    }
}
