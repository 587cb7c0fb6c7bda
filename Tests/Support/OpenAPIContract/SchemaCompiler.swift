import Foundation
import LandfallJSON

/// Compiles the document's schemas, refusing anything it cannot validate faithfully: a keyword
/// that would change what is valid but that this validator does not implement (`if`,
/// `patternProperties`, `discriminator`, …), a malformed keyword value, or a `$ref` that points
/// nowhere. A document the validator would silently misread is an error, not a pass.
struct SchemaCompiler {
    /// The keywords that decide validity, all implemented by ``SchemaValidator``.
    static let validationKeywords: Set<String> = [
        "$ref", "type", "nullable", "properties", "required", "additionalProperties", "propertyNames", "items", "enum", "const",
        "allOf", "anyOf", "oneOf", "not", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
        "minLength", "maxLength", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "pattern", "format",
    ]

    /// Keywords that document and never change validity; ignored (as is every `x-` extension).
    static let annotationKeywords: Set<String> = [
        "description", "title", "summary", "example", "examples", "default", "deprecated", "readOnly", "writeOnly",
        "$comment", "externalDocs", "xml", "contentMediaType", "contentEncoding",
    ]

    /// The type names JSON Schema knows.
    static let typeNames: Set<String> = ["null", "boolean", "object", "array", "number", "integer", "string"]

    let root: JSONValue
    /// Every compiled schema by its location; `$ref`s resolve through it.
    private(set) var schemas: [String: Schema] = [:]
    /// What is wrong, one line each (`#/components/schemas/A/if: ...`).
    private(set) var problems: [String] = []
    /// The `example` and `examples` written inside the schemas compiled.
    private(set) var examples: [OpenAPIDocument.Example] = []
    private var pendingReferences: [String] = []

    init(root: JSONValue) {
        self.root = root
    }

    /// Compiles the schema at `location` (a `#/…` pointer into the document) and every schema it
    /// refers to.
    mutating func compile(at location: String) {
        guard schemas[location] == nil else { return }
        guard let node = JSONPointer.resolve(location, in: root) else {
            problems.append("\(location): nothing is there")
            return
        }
        _ = compile(node, at: location)
        while let reference = pendingReferences.popLast() {
            guard schemas[reference] == nil, let target = JSONPointer.resolve(reference, in: root) else { continue }
            _ = compile(target, at: reference)
        }
    }

    private mutating func problem(_ location: String, _ message: String) {
        problems.append("\(location): \(message)")
    }

    private mutating func compile(_ node: JSONValue, at location: String) -> Schema {
        let schema: Schema
        switch node.kind {
        case .bool(let flag):
            schema = Schema(location: location, rejectsEverything: !flag)
        case .object(let members):
            schema = compile(members, at: location)
            if let example = members.first(where: { $0.key == "example" }) {
                examples.append(OpenAPIDocument.Example(location: JSONPointer.appending("example", to: location), schemaLocation: location,
                                                        value: example.value))
            }
            if let values = members.first(where: { $0.key == "examples" })?.value.arrayValue {
                for (index, value) in values.enumerated() {
                    let place = JSONPointer.appending(index, to: JSONPointer.appending("examples", to: location))
                    examples.append(OpenAPIDocument.Example(location: place, schemaLocation: location, value: value))
                }
            }
        default:
            problem(location, "a schema must be an object or a Boolean, found \(node.kindAndValue)")
            schema = Schema(location: location)
        }
        // Every schema, nested ones too, can be validated against by its location.
        schemas[location] = schema
        return schema
    }

    private mutating func compile(_ members: [JSONMember], at location: String) -> Schema {
        var seen: Set<String> = []
        for member in members {
            let keyword = member.key
            if !seen.insert(keyword).inserted { problem(location, "\(keyword) is written twice") }
            guard !Self.validationKeywords.contains(keyword), !Self.annotationKeywords.contains(keyword), !keyword.hasPrefix("x-") else {
                continue
            }
            let line = member.keyLocation.map { " (line \($0.line))" } ?? ""
            problem(JSONPointer.appending(keyword, to: location),
                    "the keyword \(keyword)\(line) is not supported by the validator (it would change what is valid; implement it in OpenAPIContract)")
        }
        func value(_ keyword: String) -> JSONValue? { members.first { $0.key == keyword }?.value }
        func here(_ keyword: String) -> String { JSONPointer.appending(keyword, to: location) }

        var reference: String?
        if let node = value("$ref") {
            if let text = node.stringValue, let target = JSONPointer.canonicalReference(text), JSONPointer.resolve(target, in: root) != nil {
                reference = target
                if schemas[target] == nil { pendingReferences.append(target) }
            } else {
                problem(here("$ref"), "\(node.shortDescription) is not a reference to a place in this document")
            }
        }

        var types: [String]?
        if let node = value("type") {
            let names = node.stringValue.map { [$0] } ?? node.arrayValue?.compactMap(\.stringValue)
            if let names, !names.isEmpty, names.count == (node.arrayValue?.count ?? 1), names.allSatisfy(Self.typeNames.contains) {
                types = names
            } else {
                problem(here("type"), "\(node.description) is not a type name or a list of type names")
            }
        }

        var nullable = false
        if let node = value("nullable") {
            if let flag = node.boolValue { nullable = flag } else { problem(here("nullable"), "must be a Boolean") }
        }

        var properties: [Schema.Property] = []
        if let node = value("properties") {
            if let propertyMembers = node.objectMembers {
                for member in propertyMembers {
                    let schema = compile(member.value, at: JSONPointer.appending(member.key, to: here("properties")))
                    properties.append(Schema.Property(name: member.key, schema: schema))
                }
            } else {
                problem(here("properties"), "must be an object of schemas")
            }
        }

        var required: [String] = []
        if let node = value("required") {
            if let names = node.arrayValue?.compactMap(\.stringValue), names.count == node.arrayValue?.count {
                required = names
            } else {
                problem(here("required"), "must be a list of property names")
            }
        }

        var additional = Schema.Additional.any
        if let node = value("additionalProperties") {
            switch node.kind {
            case .bool(let flag): additional = flag ? .any : .none
            case .object: additional = .schema(compile(node, at: here("additionalProperties")))
            default: problem(here("additionalProperties"), "must be a Boolean or a schema")
            }
        }

        let propertyNames = value("propertyNames").map { compile($0, at: here("propertyNames")) }

        var items: Schema?
        if let node = value("items") {
            if node.objectMembers != nil || node.boolValue != nil {
                items = compile(node, at: here("items"))
            } else {
                problem(here("items"), "must be one schema (the list form is `prefixItems`, which is not supported)")
            }
        }

        var enumValues: [JSONValue]?
        if let node = value("enum") {
            if let values = node.arrayValue, !values.isEmpty { enumValues = values } else { problem(here("enum"), "must be a non-empty list") }
        }

        func schemaList(_ keyword: String) -> [Schema] {
            guard let node = value(keyword) else { return [] }
            guard let elements = node.arrayValue, !elements.isEmpty else {
                problem(here(keyword), "must be a non-empty list of schemas")
                return []
            }
            return elements.enumerated().map { compile($1, at: JSONPointer.appending($0, to: here(keyword))) }
        }
        let allOf = schemaList("allOf")
        let anyOf = schemaList("anyOf")
        let oneOf = schemaList("oneOf")
        let not = value("not").map { compile($0, at: here("not")) }

        func bound(_ keyword: String) -> Schema.Bound? {
            guard let node = value(keyword) else { return nil }
            guard case .number(let literal) = node.kind, let number = Double(literal) else {
                problem(here(keyword), "must be a number (the Boolean form of OpenAPI 3.0 is not supported)")
                return nil
            }
            return Schema.Bound(value: number, literal: literal)
        }
        func count(_ keyword: String) -> Int? {
            guard let node = value(keyword) else { return nil }
            guard case .number(let literal) = node.kind, let number = Int(literal), number >= 0 else {
                problem(here(keyword), "must be a non-negative integer")
                return nil
            }
            return number
        }
        let multipleOf = bound("multipleOf")
        if let multipleOf, multipleOf.value <= 0 { problem(here("multipleOf"), "must be greater than 0") }

        var uniqueItems = false
        if let node = value("uniqueItems") {
            if let flag = node.boolValue { uniqueItems = flag } else { problem(here("uniqueItems"), "must be a Boolean") }
        }

        var pattern: Pattern?
        if let node = value("pattern") {
            if let source = node.stringValue, let compiled = try? Pattern(source) {
                pattern = compiled
            } else {
                problem(here("pattern"), "\(node.shortDescription) is not a regular expression")
            }
        }

        var format: String?
        if let node = value("format") {
            if let name = node.stringValue { format = name } else { problem(here("format"), "must be a string") }
        }

        return Schema(
            location: location, reference: reference, types: types, nullable: nullable, properties: properties, required: required,
            additionalProperties: additional, propertyNames: propertyNames, items: items, enumValues: enumValues, constValue: value("const"), allOf: allOf,
            anyOf: anyOf, oneOf: oneOf, not: not, minimum: bound("minimum"), maximum: bound("maximum"),
            exclusiveMinimum: bound("exclusiveMinimum"), exclusiveMaximum: bound("exclusiveMaximum"), multipleOf: multipleOf,
            minLength: count("minLength"), maxLength: count("maxLength"), minItems: count("minItems"), maxItems: count("maxItems"),
            uniqueItems: uniqueItems, minProperties: count("minProperties"), maxProperties: count("maxProperties"), pattern: pattern,
            format: format
        )
    }
}
