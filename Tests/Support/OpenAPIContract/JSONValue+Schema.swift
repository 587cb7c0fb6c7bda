import Foundation
import LandfallJSON

/// The JSON Schema view of a value: its type names, numbers as numbers, and equality as JSON
/// Schema defines it (`1` equals `1.0`; member order does not matter).
extension JSONValue {
    /// The JSON Schema type names this value has: `1` is an `integer` and a `number`, `1.5` only a
    /// `number` (JSON Schema 2020-12: a number with a zero fractional part, `1.0`, is an integer).
    var schemaTypes: Set<String> {
        switch kind {
        case .null: ["null"]
        case .bool: ["boolean"]
        case .number(let literal): NumberLiteral.isIntegral(literal) ? ["integer", "number"] : ["number"]
        case .string: ["string"]
        case .array: ["array"]
        case .object: ["object"]
        }
    }

    /// The number, if this is one.
    var numberValue: Double? {
        if case .number(let literal) = kind { return Double(literal) }
        return nil
    }

    /// Whether two values are equal as JSON Schema's `enum`, `const` and `uniqueItems` compare:
    /// numbers by value, objects by their members regardless of order.
    func schemaEquals(_ other: JSONValue) -> Bool {
        switch (kind, other.kind) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)): return left == right || Double(left) == Double(right)
        case (.string(let left), .string(let right)): return left == right
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.schemaEquals($1) }
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            return left.allSatisfy { member in
                right.first { $0.key == member.key }.map { $0.value.schemaEquals(member.value) } ?? false
            }
        default: return false
        }
    }

    /// The value as a violation shows it: strings and scalars as JSON (long strings cut),
    /// containers by their size.
    var shortDescription: String {
        switch kind {
        case .null, .bool, .number: return description
        case .string(let text):
            let limit = 60
            let shown = text.unicodeScalars.count > limit ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…" : text
            return JSONValue.string(shown).description
        case .array(let elements): return elements.isEmpty ? "an empty array" : "an array of \(elements.count)"
        case .object(let members): return members.isEmpty ? "an empty object" : "an object with \(members.count) \(members.count == 1 ? "member" : "members")"
        }
    }

    /// The kind and the value: `a string ("12")`, `an integer (3)`, `an object with 2 members`.
    var kindAndValue: String {
        switch kind {
        case .null: return "null"
        case .bool(let flag): return "a Boolean (\(flag))"
        case .number(let literal): return NumberLiteral.isIntegral(literal) ? "an integer (\(literal))" : "a number (\(literal))"
        case .string: return "a string (\(shortDescription))"
        case .array, .object: return shortDescription
        }
    }
}

/// Facts about a JSON number literal (`-12`, `1.50e2`) computed from its text, so that no
/// precision is lost to a `Double`.
enum NumberLiteral {
    /// Whether the number the literal writes is a whole number: `3`, `3.0`, `1.5e1`, `-0`.
    static func isIntegral(_ literal: String) -> Bool {
        var text = Substring(literal)
        if text.first == "-" || text.first == "+" { text = text.dropFirst() }
        var exponent = 0
        if let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            let exponentText = text[text.index(after: marker)...]
            guard let value = Int(exponentText.hasPrefix("+") ? exponentText.dropFirst() : exponentText) else {
                // An exponent too large for an Int: a huge positive one makes any mantissa whole.
                return !exponentText.hasPrefix("-")
            }
            exponent = value
            text = text[..<marker]
        }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts.first ?? ""
        var fraction = parts.count > 1 ? parts[1] : ""
        while fraction.last == "0" { fraction = fraction.dropLast() }
        if whole.allSatisfy({ $0 == "0" }) && fraction.isEmpty { return true }
        if exponent >= 0 { return fraction.count <= exponent }
        // A negative exponent moves digits of the whole part into the fraction.
        var trailingZeros = 0
        for digit in whole.reversed() {
            guard digit == "0" else { break }
            trailingZeros += 1
        }
        return fraction.isEmpty && trailingZeros >= -exponent
    }
}
