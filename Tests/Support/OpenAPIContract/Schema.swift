import Foundation
import LandfallJSON

/// A JSON Schema of the document, compiled once: every keyword read, checked and kept in a form
/// ready to validate with. A `$ref` stays a reference, resolved through the document's table of
/// compiled schemas when a value is validated.
final class Schema: Sendable {
    /// A number a keyword bounds with, and the literal the document wrote it as.
    struct Bound: Sendable {
        var value: Double
        var literal: String
    }

    /// What `additionalProperties` allows.
    enum Additional: Sendable {
        /// Any member (the keyword is absent or `true`).
        case any
        /// No member other than those `properties` names (`false`).
        case none
        /// Members other than those `properties` names, each valid against the schema.
        case schema(Schema)
    }

    /// A member `properties` names.
    struct Property: Sendable {
        var name: String
        var schema: Schema
    }

    /// Where the schema is in the document (`#/components/schemas/Link`).
    let location: String
    /// `false` as a schema: nothing is valid. (`true` is a schema with no keywords.)
    let rejectsEverything: Bool
    /// The `$ref` target, a local reference (`#/components/schemas/Link`).
    let reference: String?
    /// `type`, in the order written.
    let types: [String]?
    /// `nullable: true` (OpenAPI 3.0): `null` is valid too.
    let nullable: Bool
    let properties: [Property]
    let required: [String]
    let additionalProperties: Additional
    /// `propertyNames`: the schema every property name (a string) is valid against.
    let propertyNames: Schema?
    let items: Schema?
    let enumValues: [JSONValue]?
    let constValue: JSONValue?
    let allOf: [Schema]
    let anyOf: [Schema]
    let oneOf: [Schema]
    let not: Schema?
    let minimum: Bound?
    let maximum: Bound?
    let exclusiveMinimum: Bound?
    let exclusiveMaximum: Bound?
    let multipleOf: Bound?
    let minLength: Int?
    let maxLength: Int?
    let minItems: Int?
    let maxItems: Int?
    let uniqueItems: Bool
    let minProperties: Int?
    let maxProperties: Int?
    let pattern: Pattern?
    let format: String?

    init(location: String, rejectsEverything: Bool = false, reference: String? = nil, types: [String]? = nil,
         nullable: Bool = false, properties: [Property] = [], required: [String] = [], additionalProperties: Additional = .any,
         propertyNames: Schema? = nil, items: Schema? = nil, enumValues: [JSONValue]? = nil, constValue: JSONValue? = nil, allOf: [Schema] = [],
         anyOf: [Schema] = [], oneOf: [Schema] = [], not: Schema? = nil, minimum: Bound? = nil, maximum: Bound? = nil,
         exclusiveMinimum: Bound? = nil, exclusiveMaximum: Bound? = nil, multipleOf: Bound? = nil, minLength: Int? = nil,
         maxLength: Int? = nil, minItems: Int? = nil, maxItems: Int? = nil, uniqueItems: Bool = false,
         minProperties: Int? = nil, maxProperties: Int? = nil, pattern: Pattern? = nil, format: String? = nil) {
        self.location = location
        self.rejectsEverything = rejectsEverything
        self.reference = reference
        self.types = types
        self.nullable = nullable
        self.properties = properties
        self.required = required
        self.additionalProperties = additionalProperties
        self.propertyNames = propertyNames
        self.items = items
        self.enumValues = enumValues
        self.constValue = constValue
        self.allOf = allOf
        self.anyOf = anyOf
        self.oneOf = oneOf
        self.not = not
        self.minimum = minimum
        self.maximum = maximum
        self.exclusiveMinimum = exclusiveMinimum
        self.exclusiveMaximum = exclusiveMaximum
        self.multipleOf = multipleOf
        self.minLength = minLength
        self.maxLength = maxLength
        self.minItems = minItems
        self.maxItems = maxItems
        self.uniqueItems = uniqueItems
        self.minProperties = minProperties
        self.maxProperties = maxProperties
        self.pattern = pattern
        self.format = format
    }

    /// The location of one of this schema's keywords, for violations.
    func location(of keyword: String) -> String { JSONPointer.appending(keyword, to: location) }
}

/// A `pattern`: an ECMA-262 regular expression, matched anywhere in the string (not anchored),
/// compiled once. ICU, which `NSRegularExpression` uses, agrees with ECMA-262 on the patterns
/// an API document writes (classes, anchors, counted repetition).
struct Pattern: @unchecked Sendable {
    // NSRegularExpression is immutable and documented as safe to use from several threads.
    let source: String
    private let expression: NSRegularExpression

    init(_ source: String) throws {
        self.source = source
        self.expression = try NSRegularExpression(pattern: source)
    }

    func matches(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
