import Foundation
import LandfallJSON

/// An OpenAPI 3.1 document, read to check responses against it: which operation a request was,
/// which response the document gives for a status, and whether a body matches that response's
/// schema.
///
/// Loading compiles every schema of the document and fails, naming each place, on anything the
/// validator cannot check faithfully (an unsupported keyword, a `$ref` to nowhere, a pattern
/// that is not a regular expression), so that a change to the document is never silently
/// ignored.
///
/// ```swift
/// let document = try OpenAPIDocument(contentsOf: specificationURL)
/// let violations = document.validate(method: "GET", path: "/v1/links/019b…", status: 200,
///                                     contentType: "application/json", body: bytes)
/// ```
public struct OpenAPIDocument: Sendable {
    /// Why a document cannot be used: one line per problem.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        /// What is wrong, each with its place (`#/components/schemas/A/if: the keyword if is not supported …`).
        public var problems: [String]

        public var description: String {
            "the OpenAPI document cannot be used to validate responses:\n" + problems.map { "- " + $0 }.joined(separator: "\n")
        }
    }

    /// A location that holds no compiled schema (``validate(_:againstSchemaAt:)``).
    public struct UnknownSchemaLocation: Error, Sendable, CustomStringConvertible {
        public var location: String
        public var description: String { "no schema of the document is at \(location)" }
    }

    /// An `example` or `examples` value the document writes, and the schema it illustrates.
    public struct Example: Sendable, CustomStringConvertible {
        /// Where the value is (`#/paths/~1v1~1settings/get/responses/200/content/application~1json/examples/gateOn/value`).
        public var location: String
        /// The schema it should be valid against.
        public var schemaLocation: String
        /// The value.
        public var value: JSONValue

        public var description: String { location }
    }

    /// The HTTP methods a path item may describe.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The document as a JSON tree.
    public let root: JSONValue
    /// Every compiled schema by location.
    let schemas: [String: Schema]
    /// The paths, parsed, in document order.
    let templates: [PathTemplate]
    /// Every example of the document, with the schema it illustrates.
    public let examples: [Example]

    /// Reads and compiles a document.
    ///
    /// - Throws: ``LoadError`` listing every problem found.
    public init(yaml: String) throws {
        let root: JSONValue
        do {
            root = try YAMLDocument.parse(yaml)
        } catch {
            throw LoadError(problems: ["\(error)"])
        }
        self.root = root
        var problems: [String] = []

        let version = root["openapi"]?.stringValue ?? ""
        if !version.hasPrefix("3.") { problems.append("#/openapi: expected an OpenAPI 3 version, found \(root["openapi"]?.description ?? "none")") }
        if let dialect = root["jsonSchemaDialect"]?.stringValue,
           !["https://spec.openapis.org/oas/3.1/dialect/base", "https://json-schema.org/draft/2020-12/schema"].contains(dialect) {
            problems.append("#/jsonSchemaDialect: \(dialect) is a dialect the validator does not know")
        }

        var compiler = SchemaCompiler(root: root)
        var examples: [Example] = []
        for location in Self.schemaLocations(in: root, examples: &examples) {
            compiler.compile(at: location)
        }
        problems += compiler.problems

        var templates: [PathTemplate] = []
        for member in root["paths"]?.objectMembers ?? [] {
            let location = JSONPointer.appending(member.key, to: "#/paths")
            guard let template = PathTemplate(member.key) else {
                problems.append("\(location): \(member.key) is not a path template (it must start with /)")
                continue
            }
            templates.append(template)
            for method in Self.methods {
                for response in member.value[method]?["responses"]?.objectMembers ?? [] {
                    let place = JSONPointer.appending(response.key, to: "\(location)/\(method)/responses")
                    if case .failure(let problem) = Self.resolveResponse(response.value, at: place, in: root) {
                        problems += problem.problems
                    }
                }
            }
        }
        guard problems.isEmpty else { throw LoadError(problems: problems) }

        self.schemas = compiler.schemas
        self.templates = templates
        var seen: Set<String> = []
        self.examples = (examples + compiler.examples).filter { seen.insert($0.location).inserted }
    }

    /// Reads and compiles the document in a file.
    ///
    /// - Throws: ``LoadError`` when the file cannot be read or the document cannot be used.
    public init(contentsOf url: URL) throws {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw LoadError(problems: ["cannot read \(url.path): \(error.localizedDescription)"])
        }
        try self.init(yaml: text)
    }

    // MARK: Operations

    /// The documented operation a request is: its path template and operation, or `nil` when the
    /// document has no path that matches or the path has no operation for the method.
    ///
    /// - Parameters:
    ///   - method: The request's method, in any case (`GET`, `patch`).
    ///   - path: The request's path as sent, percent-encoded, without the query
    ///     (`/v1/links/019b4f2e-7a10-7c4e-9b1f-3f0d2a6b8c11`).
    public func operation(method: String, path: String) -> OperationMatch? {
        guard let (template, parameters) = template(matching: path) else { return nil }
        let key = method.lowercased()
        guard Self.methods.contains(key), let item = pathItem(template), let operation = item[key], operation.objectMembers != nil else {
            return nil
        }
        return OperationMatch(method: method.uppercased(), template: template.text, operationID: operation["operationId"]?.stringValue,
                              parameters: parameters, location: pathLocation(template) + "/" + key, operation: operation)
    }

    /// The methods the document describes for the path template `path` matches, upper-cased.
    public func documentedMethods(path: String) -> [String] {
        guard let (template, _) = template(matching: path), let item = pathItem(template) else { return [] }
        return Self.methods.filter { item[$0]?.objectMembers != nil }.map { $0.uppercased() }
    }

    /// The most specific template that matches `path`: at the first segment where two differ, a
    /// literal beats a parameter (`/v1/links/bulk` is not `/v1/links/{id}`).
    func template(matching path: String) -> (PathTemplate, [String: String])? {
        guard let segments = PathTemplate.segments(ofRequestPath: path) else { return nil }
        var best: (template: PathTemplate, parameters: [String: String], rank: [Int])?
        for template in templates {
            guard let parameters = template.match(segments) else { continue }
            // Higher ranks are more specific; on a tie the first in the document stays.
            if let current = best, !current.rank.lexicographicallyPrecedes(template.rank) { continue }
            best = (template, parameters, template.rank)
        }
        return best.map { ($0.template, $0.parameters) }
    }

    private func pathItem(_ template: PathTemplate) -> JSONValue? { root["paths"]?[template.text] }
    private func pathLocation(_ template: PathTemplate) -> String { JSONPointer.appending(template.text, to: "#/paths") }

    // MARK: Validation

    /// Checks a response against the document.
    ///
    /// Finds the operation (an undocumented path or method is a violation, except that a `405` on a
    /// documented path is checked against `#/components/responses/MethodNotAllowed` when the
    /// document has it), then the response for the status (the code, then its range such as
    /// `4XX`, then `default`; none is a violation), then the content for the media type (parameters
    /// such as `charset` ignored), and validates a JSON body against its schema. A body of another
    /// documented media type (`text/csv`) is only checked for being documented. A response the
    /// document gives no content (a `204`) must have no body.
    ///
    /// - Parameters:
    ///   - method: The request's method.
    ///   - path: The request's path, percent-encoded, without the query.
    ///   - status: The response's status code.
    ///   - contentType: The response's `Content-Type`, if it had one.
    ///   - body: The response's body.
    /// - Returns: Every violation found; empty when the response is as documented.
    public func validate(method: String, path: String, status: Int, contentType: String?, body: [UInt8]) -> [SchemaViolation] {
        let upper = method.uppercased()
        guard let (template, _) = template(matching: path) else {
            return [SchemaViolation(kind: .undocumentedOperation, expected: "a path the document describes", found: "\(upper) \(path)")]
        }
        let response: JSONValue
        let responseLocation: String
        let context: String
        if let match = operation(method: method, path: path) {
            let responses = match.operation["responses"]?.objectMembers ?? []
            let candidates = [String(status), "\(status / 100)XX", "default"]
            guard let key = candidates.lazy.compactMap({ candidate in
                responses.first { $0.key.uppercased() == candidate.uppercased() }?.key
            }).first, let entry = responses.first(where: { $0.key == key }) else {
                return [SchemaViolation(kind: .undocumentedStatus,
                                        expected: "a status the operation documents (\(responses.map(\.key).joined(separator: ", ")))",
                                        found: String(status), response: "\(upper) \(match.template) → \(status)")]
            }
            // Say which response answered when it is not the status itself: `→ 500 (as default)`.
            context = "\(upper) \(match.template) → \(status)" + (key == String(status) ? "" : " (as \(key))")
            switch Self.resolveResponse(entry.value, at: JSONPointer.appending(key, to: match.location + "/responses"), in: root) {
            case .success(let resolved): (response, responseLocation) = resolved
            case .failure(let problem):
                // Loading checked every response reference, so this is only a safeguard.
                return [SchemaViolation(kind: .undocumentedStatus, expected: "a usable response",
                                        found: problem.problems.joined(separator: "; "), response: context)]
            }
        } else if status == 405, let methodNotAllowed = root["components"]?["responses"]?["MethodNotAllowed"],
                  case .success(let resolved) = Self.resolveResponse(methodNotAllowed, at: "#/components/responses/MethodNotAllowed", in: root) {
            context = "\(upper) \(template.text) → 405"
            (response, responseLocation) = resolved
        } else {
            let methods = documentedMethods(path: path)
            return [SchemaViolation(kind: .undocumentedOperation,
                                    expected: "a method the document describes for \(template.text) (\(methods.joined(separator: ", ")))",
                                    found: upper, response: "\(upper) \(template.text) → \(status)")]
        }
        return validateBody(body, contentType: contentType, response: response, at: responseLocation, context: context)
    }

    private func validateBody(_ body: [UInt8], contentType: String?, response: JSONValue, at location: String,
                              context: String) -> [SchemaViolation] {
        let content = response["content"]?.objectMembers ?? []
        guard !content.isEmpty else {
            if body.isEmpty { return [] }
            return [SchemaViolation(kind: .unexpectedBody, expected: "no body (the response documents no content)",
                                    found: "a body of \(body.count) bytes", schemaLocation: location, response: context)]
        }
        let documented = content.map(\.key).joined(separator: ", ")
        guard let contentType, let essence = MediaType.essence(of: contentType) else {
            if body.isEmpty {
                return [SchemaViolation(kind: .missingBody, expected: "a body of \(documented)", found: "no body", schemaLocation: location,
                                        response: context)]
            }
            return [SchemaViolation(kind: .undocumentedMediaType, expected: "a Content-Type of \(documented)", found: "no Content-Type",
                                    schemaLocation: location, response: context)]
        }
        guard let media = MediaType.entry(for: essence, in: content) else {
            return [SchemaViolation(kind: .undocumentedMediaType, expected: "a Content-Type of \(documented)", found: contentType,
                                    schemaLocation: location, response: context)]
        }
        let mediaLocation = JSONPointer.appending(media.key, to: location + "/content")
        guard MediaType.isJSON(essence) else { return [] }
        guard !body.isEmpty else {
            return [SchemaViolation(kind: .missingBody, expected: "a JSON body", found: "no body", schemaLocation: mediaLocation,
                                    response: context)]
        }
        let parsed: JSONParser.Document
        do {
            parsed = try JSONParser().parseDocument(body)
        } catch {
            return [SchemaViolation(kind: .malformedBody, expected: "a JSON body", found: error.description, response: context)]
        }
        var violations: [SchemaViolation] = []
        if parsed.hadByteOrderMark {
            violations.append(SchemaViolation(kind: .malformedBody, expected: "JSON without a byte-order mark (RFC 8259)",
                                              found: "a byte-order mark", response: context))
        }
        violations += Self.duplicateKeys(in: parsed.value, at: "")
        if media.value["schema"] != nil, let schema = schemas[mediaLocation + "/schema"] {
            violations += SchemaValidator(schemas: schemas).violations(of: parsed.value, against: schema)
        }
        return violations.map { violation in
            var violation = violation
            violation.response = context
            return violation
        }
    }

    /// Validates a value against the schema at `location` (`#/components/schemas/Link`, or any
    /// schema inside one: `#/components/schemas/Link/properties/clicks`).
    ///
    /// - Throws: ``UnknownSchemaLocation`` when no schema of the document is there.
    public func validate(_ value: JSONValue, againstSchemaAt location: String) throws -> [SchemaViolation] {
        guard let schema = schemas[location] ?? JSONPointer.canonicalReference(location).flatMap({ schemas[$0] }) else {
            throw UnknownSchemaLocation(location: location)
        }
        return SchemaValidator(schemas: schemas).violations(of: value, against: schema) + Self.duplicateKeys(in: value, at: "")
    }

    // MARK: Reading the document

    /// A response object, following `$ref`s, with its location.
    static func resolveResponse(_ node: JSONValue, at location: String, in root: JSONValue) -> Result<(JSONValue, String), LoadError> {
        var current = node
        var place = location
        for _ in 0..<16 {
            guard let reference = current["$ref"] else { return .success((current, place)) }
            guard let text = reference.stringValue, let target = JSONPointer.canonicalReference(text),
                  let resolved = JSONPointer.resolve(target, in: root) else {
                return .failure(LoadError(problems: ["\(place)/$ref: \(reference.shortDescription) names no response of this document"]))
            }
            current = resolved
            place = target
        }
        return .failure(LoadError(problems: ["\(location): a chain of more than 16 response references"]))
    }

    /// Where the document has schemas: every component schema, and the `schema` of every
    /// parameter, header and media type (of request bodies and responses), in paths and in
    /// components. The examples written next to those schemas are collected on the way.
    static func schemaLocations(in root: JSONValue, examples: inout [Example]) -> [String] {
        var locations: [String] = []
        func members(_ value: JSONValue?) -> [JSONMember] { value?.objectMembers ?? [] }
        /// A parameter, header or media type object: its `schema`, and its examples.
        func holder(_ node: JSONValue, at place: String) {
            guard node["$ref"] == nil, node["schema"] != nil else { return }
            let schema = place + "/schema"
            locations.append(schema)
            if let example = node["example"] {
                examples.append(Example(location: place + "/example", schemaLocation: schema, value: example))
            }
            for entry in members(node["examples"]) {
                guard let value = entry.value["value"] else { continue }
                let location = JSONPointer.appending(entry.key, to: place + "/examples") + "/value"
                examples.append(Example(location: location, schemaLocation: schema, value: value))
            }
        }
        func content(_ node: JSONValue?, at place: String) {
            for media in members(node?["content"]) { holder(media.value, at: JSONPointer.appending(media.key, to: place + "/content")) }
        }
        func parameters(_ node: JSONValue?, at place: String) {
            for (index, parameter) in (node?.arrayValue ?? []).enumerated() {
                let location = JSONPointer.appending(index, to: place)
                holder(parameter, at: location)
                content(parameter, at: location)
            }
        }
        func response(_ node: JSONValue, at place: String) {
            content(node, at: place)
            for header in members(node["headers"]) { holder(header.value, at: JSONPointer.appending(header.key, to: place + "/headers")) }
        }

        let components = root["components"]
        for schema in members(components?["schemas"]) { locations.append(JSONPointer.appending(schema.key, to: "#/components/schemas")) }
        for entry in members(components?["responses"]) { response(entry.value, at: JSONPointer.appending(entry.key, to: "#/components/responses")) }
        for entry in members(components?["parameters"]) { holder(entry.value, at: JSONPointer.appending(entry.key, to: "#/components/parameters")) }
        for entry in members(components?["headers"]) { holder(entry.value, at: JSONPointer.appending(entry.key, to: "#/components/headers")) }
        for entry in members(components?["requestBodies"]) {
            content(entry.value, at: JSONPointer.appending(entry.key, to: "#/components/requestBodies"))
        }
        for path in members(root["paths"]) {
            let place = JSONPointer.appending(path.key, to: "#/paths")
            parameters(path.value["parameters"], at: place + "/parameters")
            for method in methods {
                guard let operation = path.value[method] else { continue }
                let operationPlace = place + "/" + method
                parameters(operation["parameters"], at: operationPlace + "/parameters")
                if let body = operation["requestBody"] { content(body, at: operationPlace + "/requestBody") }
                for entry in members(operation["responses"]) {
                    response(entry.value, at: JSONPointer.appending(entry.key, to: operationPlace + "/responses"))
                }
            }
        }
        return locations
    }

    /// A violation for each key an object of `value` has more than once.
    static func duplicateKeys(in value: JSONValue, at pointer: String) -> [SchemaViolation] {
        switch value.kind {
        case .object(let members):
            var counts: [String: Int] = [:]
            for member in members { counts[member.key, default: 0] += 1 }
            var violations: [SchemaViolation] = []
            var reported: Set<String> = []
            for member in members {
                let place = JSONPointer.appending(member.key, to: pointer)
                if let count = counts[member.key], count > 1, reported.insert(member.key).inserted {
                    violations.append(SchemaViolation(kind: .malformedBody, pointer: place, expected: "each key once in an object",
                                                      found: "\(count) members named \(member.key)"))
                }
                violations += duplicateKeys(in: member.value, at: place)
            }
            return violations
        case .array(let elements):
            return elements.enumerated().flatMap { duplicateKeys(in: $1, at: JSONPointer.appending($0, to: pointer)) }
        default:
            return []
        }
    }
}

/// Media types as responses send them and documents list them.
enum MediaType {
    /// `application/json` for `Application/JSON; charset=utf-8`; `nil` for an empty value.
    static func essence(of contentType: String) -> String? {
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return essence.isEmpty ? nil : essence
    }

    /// The documented content entry for a media type: the same type, else `type/*`, else `*/*`.
    static func entry(for essence: String, in content: [JSONMember]) -> JSONMember? {
        let type = essence.split(separator: "/").first.map(String.init) ?? essence
        for candidate in [essence, type + "/*", "*/*"] {
            if let member = content.first(where: { self.essence(of: $0.key) == candidate }) { return member }
        }
        return nil
    }

    /// Whether the media type is JSON: `application/json` or a `+json` type.
    static func isJSON(_ essence: String) -> Bool { essence == "application/json" || essence.hasSuffix("+json") }
}
