import Foundation
import LandfallJSON
import Yams

/// Reads a YAML document into the JSON tree the validator works on, resolving plain scalars as
/// YAML 1.2's core schema does (the YAML version OpenAPI 3.1 recommends): `true`/`false`,
/// `null`/`~`/empty, integers and floats; everything quoted, and every other plain scalar, is a
/// string (so `on`, `yes` and `2026-12-24` stay strings, unlike YAML 1.1).
enum YAMLDocument {
    /// Why the YAML cannot be a JSON tree.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ text: String) throws -> JSONValue {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            throw Problem(description: "not valid YAML: \(error)")
        }
        guard let node else { throw Problem(description: "the YAML document is empty") }
        return try value(of: node)
    }

    /// Where a node starts, for messages. Yams knows lines and columns, not byte offsets, so the
    /// offset is always 0.
    private static func location(_ mark: Mark?) -> SourceLocation? {
        mark.map { SourceLocation(offset: 0, line: $0.line, column: $0.column) }
    }

    private static func value(of node: Node) throws -> JSONValue {
        switch node {
        case .scalar(let scalar):
            return JSONValue(try kind(of: scalar), location: location(scalar.mark))
        case .sequence(let sequence):
            return JSONValue(.array(try sequence.map(value(of:))), location: location(sequence.mark))
        case .mapping(let mapping):
            var members: [JSONMember] = []
            for (key, value) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    throw Problem(description: "a mapping key at \(key.mark.map(String.init(describing:)) ?? "?") is not a scalar")
                }
                members.append(JSONMember(key: keyScalar.string, keyLocation: location(keyScalar.mark), value: try self.value(of: value)))
            }
            return JSONValue(.object(members), location: location(mapping.mark))
        case .alias(let alias):
            throw Problem(description: "an unresolved alias at \(alias.mark.map(String.init(describing:)) ?? "?")")
        }
    }

    private static func kind(of scalar: Node.Scalar) throws -> JSONValue.Kind {
        let text = scalar.string
        guard scalar.style == .plain || scalar.style == .any else { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let number = try number(text, mark: scalar.mark) { return .number(number) }
        return .string(text)
    }

    /// The JSON literal of a YAML 1.2 core-schema number, or `nil` when `text` is not one.
    private static func number(_ text: String, mark: Mark?) throws -> String? {
        if text.wholeMatch(of: /[-+]?[0-9]+/) != nil {
            let unsigned = text.hasPrefix("+") ? String(text.dropFirst()) : text
            // Leading zeros are not JSON: write the integer canonically when it fits.
            return Int(unsigned).map(String.init) ?? unsigned
        }
        if let match = text.wholeMatch(of: /0o([0-7]+)/), let value = Int(match.1, radix: 8) { return String(value) }
        if let match = text.wholeMatch(of: /0x([0-9a-fA-F]+)/), let value = Int(match.1, radix: 16) { return String(value) }
        if text.wholeMatch(of: /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/) != nil {
            if text.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/) != nil { return text }
            guard let value = Double(text) else { return nil }
            return String(value)
        }
        if text.wholeMatch(of: /[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)/) != nil {
            throw Problem(description: "\(text) at \(mark.map(String.init(describing:)) ?? "?") has no JSON form")
        }
        return nil
    }
}
