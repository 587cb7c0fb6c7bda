import Foundation
import LandfallJSON

/// Validates JSON values against compiled schemas and says, for each difference, where it is in
/// the value, which keyword failed and what it wanted.
struct SchemaValidator {
    /// Every compiled schema of the document by location, for `$ref`s.
    let schemas: [String: Schema]

    /// How deep schemas may nest references into one another before the validator gives up (a
    /// schema that refers to itself without consuming any of the value, `A: {allOf: [$ref: A]}`).
    static let maximumDepth = 256

    /// The violations of `value` against `schema`; empty when it is valid.
    func violations(of value: JSONValue, against schema: Schema, at pointer: String = "") -> [SchemaViolation] {
        var found: [SchemaViolation] = []
        validate(value, against: schema, at: pointer, depth: 0, into: &found)
        return found
    }

    private func validate(_ value: JSONValue, against schema: Schema, at pointer: String, depth: Int, into found: inout [SchemaViolation]) {
        func fail(_ keyword: String, expected: String, found actual: String) {
            found.append(Self.violation(schema, keyword, at: pointer, expected: expected, found: actual))
        }
        guard depth < Self.maximumDepth else {
            fail("$ref", expected: "schemas that do not refer to themselves without end", found: "\(Self.maximumDepth) nested references")
            return
        }
        if schema.rejectsEverything {
            found.append(SchemaViolation(kind: .schema, pointer: pointer, keyword: "false", expected: "nothing (the schema is false)",
                                         found: value.kindAndValue, schemaLocation: schema.location))
            return
        }
        if schema.nullable, case .null = value.kind { return }

        if let reference = schema.reference {
            if let target = schemas[reference] {
                validate(value, against: target, at: pointer, depth: depth + 1, into: &found)
            } else {
                fail("$ref", expected: "the schema at \(reference)", found: "no compiled schema there")
            }
        }

        if let types = schema.types, !types.contains(where: value.schemaTypes.contains) {
            fail("type", expected: Self.describe(types: types), found: value.kindAndValue)
            // The other keywords would only repeat the mismatch.
            return
        }
        if let values = schema.enumValues, !values.contains(where: { $0.schemaEquals(value) }) {
            fail("enum", expected: Self.describe(oneOf: values), found: value.shortDescription)
        }
        if let constant = schema.constValue, !constant.schemaEquals(value) {
            fail("const", expected: "exactly \(constant.shortDescription)", found: value.shortDescription)
        }

        switch value.kind {
        case .number(let literal):
            validateNumber(literal, schema: schema, at: pointer, into: &found)
        case .string(let text):
            validateString(text, value: value, schema: schema, at: pointer, into: &found)
        case .array(let elements):
            validateArray(elements, schema: schema, at: pointer, depth: depth, into: &found)
        case .object(let members):
            validateObject(members, schema: schema, at: pointer, depth: depth, into: &found)
        case .null, .bool:
            break
        }
        if let format = schema.format, let wanted = Formats.failure(of: format, for: value) {
            fail("format", expected: wanted, found: value.shortDescription)
        }

        for branch in schema.allOf {
            validate(value, against: branch, at: pointer, depth: depth + 1, into: &found)
        }
        if !schema.anyOf.isEmpty {
            let results = schema.anyOf.map { violations(of: value, against: $0, at: pointer, depth: depth + 1) }
            if !results.contains(where: \.isEmpty) {
                reportNoBranchMatched("anyOf", of: schema, results: results, value: value, at: pointer, into: &found)
            }
        }
        if !schema.oneOf.isEmpty {
            let results = schema.oneOf.map { violations(of: value, against: $0, at: pointer, depth: depth + 1) }
            let matching = results.indices.filter { results[$0].isEmpty }
            if matching.isEmpty {
                reportNoBranchMatched("oneOf", of: schema, results: results, value: value, at: pointer, into: &found)
            } else if matching.count > 1 {
                fail("oneOf", expected: "a value matching exactly one of the \(results.count) schemas of oneOf",
                     found: "\(value.kindAndValue), which matches schemas \(matching.map(String.init).joined(separator: " and "))")
            }
        }
        if let not = schema.not, violations(of: value, against: not, at: pointer, depth: depth + 1).isEmpty {
            fail("not", expected: "a value that does not match the schema of not", found: value.kindAndValue)
        }
    }

    private func violations(of value: JSONValue, against schema: Schema, at pointer: String, depth: Int) -> [SchemaViolation] {
        var found: [SchemaViolation] = []
        validate(value, against: schema, at: pointer, depth: depth, into: &found)
        return found
    }

    /// When no branch of `anyOf`/`oneOf` matched: if all branches but one fail on the value's
    /// very kind (`{type: 'null'}` against an object), that one is what was meant, and its own
    /// violations point at the real problem (`/link/id` missing); otherwise one violation says
    /// that no branch matched.
    private func reportNoBranchMatched(_ keyword: String, of schema: Schema, results: [[SchemaViolation]], value: JSONValue,
                                       at pointer: String, into found: inout [SchemaViolation]) {
        let plausible = results.filter { branch in
            !branch.contains { $0.pointer == pointer && ["type", "const", "enum", "false"].contains($0.keyword ?? "") }
        }
        if plausible.count == 1 {
            found.append(contentsOf: plausible[0])
        } else {
            let quantity = keyword == "oneOf" ? "exactly" : "at least"
            found.append(Self.violation(schema, keyword, at: pointer,
                                        expected: "a value matching \(quantity) one of the \(results.count) schemas of \(keyword)",
                                        found: "\(value.kindAndValue), which matches none"))
        }
    }

    private func validateNumber(_ literal: String, schema: Schema, at pointer: String, into found: inout [SchemaViolation]) {
        func fail(_ keyword: String, _ expected: String, _ actual: String) {
            found.append(Self.violation(schema, keyword, at: pointer, expected: expected, found: actual))
        }
        guard let number = Double(literal) else { return }
        if let bound = schema.minimum, number < bound.value { fail("minimum", "a number ≥ \(bound.literal)", literal) }
        if let bound = schema.maximum, number > bound.value { fail("maximum", "a number ≤ \(bound.literal)", literal) }
        if let bound = schema.exclusiveMinimum, number <= bound.value { fail("exclusiveMinimum", "a number > \(bound.literal)", literal) }
        if let bound = schema.exclusiveMaximum, number >= bound.value { fail("exclusiveMaximum", "a number < \(bound.literal)", literal) }
        if let bound = schema.multipleOf {
            let quotient = number / bound.value
            if abs(quotient - quotient.rounded()) > 1e-9 * max(1, abs(quotient)) {
                fail("multipleOf", "a multiple of \(bound.literal)", literal)
            }
        }
    }

    private func validateString(_ text: String, value: JSONValue, schema: Schema, at pointer: String, into found: inout [SchemaViolation]) {
        func fail(_ keyword: String, _ expected: String, _ actual: String) {
            found.append(Self.violation(schema, keyword, at: pointer, expected: expected, found: actual))
        }
        // JSON Schema counts characters as Unicode code points.
        let length = text.unicodeScalars.count
        if let limit = schema.minLength, length < limit {
            fail("minLength", "at least \(Self.count(limit, "character"))", "\(Self.count(length, "character")) (\(value.shortDescription))")
        }
        if let limit = schema.maxLength, length > limit {
            fail("maxLength", "at most \(Self.count(limit, "character"))", "\(Self.count(length, "character")) (\(value.shortDescription))")
        }
        if let pattern = schema.pattern, !pattern.matches(text) {
            fail("pattern", "a string matching \(pattern.source)", value.shortDescription)
        }
    }

    private func validateArray(_ elements: [JSONValue], schema: Schema, at pointer: String, depth: Int,
                               into found: inout [SchemaViolation]) {
        func fail(_ keyword: String, _ expected: String, _ actual: String) {
            found.append(Self.violation(schema, keyword, at: pointer, expected: expected, found: actual))
        }
        if let limit = schema.minItems, elements.count < limit {
            fail("minItems", "at least \(Self.count(limit, "item"))", Self.count(elements.count, "item"))
        }
        if let limit = schema.maxItems, elements.count > limit {
            fail("maxItems", "at most \(Self.count(limit, "item"))", Self.count(elements.count, "item"))
        }
        if schema.uniqueItems {
            search: for later in elements.indices {
                for earlier in elements.indices where earlier < later && elements[earlier].schemaEquals(elements[later]) {
                    fail("uniqueItems", "items that all differ", "items \(earlier) and \(later) equal (\(elements[later].shortDescription))")
                    break search
                }
            }
        }
        if let items = schema.items {
            for (index, element) in elements.enumerated() {
                validate(element, against: items, at: JSONPointer.appending(index, to: pointer), depth: depth + 1, into: &found)
            }
        }
    }

    private func validateObject(_ members: [JSONMember], schema: Schema, at pointer: String, depth: Int,
                                into found: inout [SchemaViolation]) {
        func fail(_ keyword: String, _ expected: String, _ actual: String, at place: String? = nil) {
            found.append(Self.violation(schema, keyword, at: place ?? pointer, expected: expected, found: actual))
        }
        for name in schema.required where !members.contains(where: { $0.key == name }) {
            fail("required", "the required property \(name)", "no such property", at: JSONPointer.appending(name, to: pointer))
        }
        let keyCount = Set(members.map(\.key)).count
        if let limit = schema.minProperties, keyCount < limit {
            fail("minProperties", "at least \(Self.count(limit, "property"))", Self.count(keyCount, "property"))
        }
        if let limit = schema.maxProperties, keyCount > limit {
            fail("maxProperties", "at most \(Self.count(limit, "property"))", Self.count(keyCount, "property"))
        }
        for member in members {
            let place = JSONPointer.appending(member.key, to: pointer)
            if let names = schema.propertyNames {
                // A name that fails is reported at its member, as JSON Schema has no pointer to a key.
                validate(.string(member.key), against: names, at: place, depth: depth + 1, into: &found)
            }
            if let property = schema.properties.first(where: { $0.name == member.key }) {
                validate(member.value, against: property.schema, at: place, depth: depth + 1, into: &found)
                continue
            }
            switch schema.additionalProperties {
            case .any:
                break
            case .none:
                let names = schema.properties.map(\.name)
                fail("additionalProperties", names.isEmpty ? "no properties" : "no property other than \(names.joined(separator: ", "))",
                     "the property \(member.key)", at: place)
            case .schema(let additional):
                validate(member.value, against: additional, at: place, depth: depth + 1, into: &found)
            }
        }
    }

    private static func violation(_ schema: Schema, _ keyword: String, at pointer: String, expected: String, found: String) -> SchemaViolation {
        SchemaViolation(kind: .schema, pointer: pointer, keyword: keyword, expected: expected, found: found,
                        schemaLocation: schema.location(of: keyword))
    }

    /// `an integer`, `a string or null`, `an object, an array or null`.
    static func describe(types: [String]) -> String {
        let names = types.map { type in
            switch type {
            case "null": "null"
            case "boolean": "a Boolean"
            case "object": "an object"
            case "array": "an array"
            case "number": "a number"
            case "integer": "an integer"
            default: "a string"
            }
        }
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    /// `one of active, disabled` (at most 12 values shown).
    static func describe(oneOf values: [JSONValue]) -> String {
        let shown = values.prefix(12).map { value in value.stringValue ?? value.shortDescription }
        let rest = values.count > shown.count ? ", … (\(values.count) values)" : ""
        return "one of " + shown.joined(separator: ", ") + rest
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        let plural = noun.hasSuffix("y") ? String(noun.dropLast()) + "ies" : noun + "s"
        return "\(number) \(number == 1 ? noun : plural)"
    }
}
