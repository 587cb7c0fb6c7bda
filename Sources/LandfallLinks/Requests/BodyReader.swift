import AppSiteAssociation
import Foundation
import LandfallJSON

/// Reads the values of a parsed request body field by field, collecting every problem with its
/// JSON path and source position, so that all of them can be reported in document order.
struct BodyReader {
    private var problems: [(offset: Int, error: RequestBodyError)] = []

    /// The problems found, in document order (problems at the same place in the order found).
    var errors: [RequestBodyError] {
        problems.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element.error)
    }

    /// Parses `bytes` and reads a value from it with `read`; throws every problem found, in
    /// document order, when the body is not JSON, `read` returns `nil`, or it reported any.
    static func decode<Value>(_ bytes: some Collection<UInt8>,
                              _ read: (JSONValue, inout BodyReader) -> Value?) throws(InvalidRequestBody) -> Value {
        var reader = BodyReader()
        guard let parsed = reader.parse(bytes) else { throw InvalidRequestBody(errors: reader.errors) }
        guard let value = read(parsed, &reader), reader.errors.isEmpty else { throw InvalidRequestBody(errors: reader.errors) }
        return value
    }

    /// Parses a body, or returns `nil` after reporting why it is not JSON.
    mutating func parse(_ bytes: some Collection<UInt8>) -> JSONValue? {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            report("", "the body is empty; send a JSON object", at: nil)
            return nil
        }
        do {
            return try JSONParser().parseDocument(bytes).value
        } catch {
            report("", "the body is not valid JSON: \(error.location): \(error.message)", at: error.location)
            return nil
        }
    }

    /// Notes a problem of the field at `path`, found at `location`.
    mutating func report(_ path: JSONPath, _ message: String, at location: SourceLocation?) {
        report(Self.field(path), message, at: location)
    }

    private mutating func report(_ field: String, _ message: String, at location: SourceLocation?) {
        problems.append((location?.offset ?? Int.max, RequestBodyError(field: field, message: message)))
    }

    /// The field name of a path: its JSON path, or the empty string for the whole body.
    static func field(_ path: JSONPath) -> String {
        path.components.isEmpty ? "" : path.description
    }

    // MARK: objects

    /// The members of an object, first occurrence of each known key, after reporting a value that
    /// is not an object, unknown keys (with the closest known one) and repeated keys.
    mutating func object(_ value: JSONValue, at path: JSONPath, fields: [String], what: String = "an object") -> [String: JSONValue]? {
        guard let members = value.objectMembers else {
            mismatch(value, at: path, expected: what)
            return nil
        }
        var found: [String: JSONMember] = [:]
        for member in members {
            let memberPath = path.appending(member.key)
            if let first = found[member.key] {
                report(memberPath, Self.repeated(first.keyLocation), at: member.keyLocation)
            } else if fields.contains(member.key) {
                found[member.key] = member
            } else if let suggestion = NameSuggestion.closest(to: member.key, among: fields) {
                report(memberPath, "unknown field; did you mean '\(suggestion)'?", at: member.keyLocation)
            } else {
                report(memberPath, "unknown field; the fields here are \(fields.joined(separator: ", "))", at: member.keyLocation)
            }
        }
        return found.mapValues(\.value)
    }

    /// The members of a free-form object (such as `data`), after reporting repeated keys.
    mutating func map(_ value: JSONValue, at path: JSONPath) -> [JSONMember]? {
        guard let members = value.objectMembers else {
            mismatch(value, at: path, expected: "an object of strings")
            return nil
        }
        var seen: [String: SourceLocation?] = [:]
        var unique: [JSONMember] = []
        for member in members {
            if let first = seen[member.key] {
                report(path.appending(member.key), Self.repeated(first), at: member.keyLocation)
            } else {
                seen[member.key] = member.keyLocation
                unique.append(member)
            }
        }
        return unique
    }

    /// The message for a key given again.
    private static func repeated(_ first: SourceLocation?) -> String {
        "given more than once (first at \(first.map(String.init(describing:)) ?? "an earlier member")); a field may appear once"
    }

    // MARK: scalars

    /// A string of at most `limit` scalars, not empty unless `allowsEmpty`.
    mutating func string(_ value: JSONValue, at path: JSONPath, limit: Int? = nil, allowsEmpty: Bool = false) -> String? {
        guard let text = value.stringValue else {
            mismatch(value, at: path, expected: "a string")
            return nil
        }
        if text.isEmpty, !allowsEmpty {
            report(path, "must not be empty", at: value.location)
            return nil
        }
        if let limit, text.unicodeScalars.count > limit {
            report(path, "is \(text.unicodeScalars.count) characters long; at most \(limit) are allowed", at: value.location)
            return nil
        }
        return text
    }

    /// An integer literal within `range`.
    mutating func integer(_ value: JSONValue, at path: JSONPath, in range: ClosedRange<Int>) -> Int? {
        guard case .number(let literal) = value.kind else {
            mismatch(value, at: path, expected: "an integer")
            return nil
        }
        let digits = literal.hasPrefix("-") ? literal.dropFirst() : literal[...]
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            report(path, "expected an integer, found \(literal)", at: value.location)
            return nil
        }
        guard let number = Int(literal), range.contains(number) else {
            let tooSmall = literal.hasPrefix("-") || (Int(literal).map { $0 < range.lowerBound } ?? false)
            report(path, tooSmall ? "must be at least \(range.lowerBound), found \(literal)" : "must be at most \(range.upperBound), found \(literal)",
                   at: value.location)
            return nil
        }
        return number
    }

    /// `true` or `false`.
    mutating func bool(_ value: JSONValue, at path: JSONPath) -> Bool? {
        guard let flag = value.boolValue else {
            mismatch(value, at: path, expected: "true or false")
            return nil
        }
        return flag
    }

    /// An RFC 3339 timestamp with a time zone.
    mutating func date(_ value: JSONValue, at path: JSONPath) -> Date? {
        let example = "such as 2026-12-31T23:59:59Z or 2026-12-31T18:59:59.5-05:00"
        guard let text = value.stringValue else {
            mismatch(value, at: path, expected: "a date and time in a string, \(example)")
            return nil
        }
        guard let date = RFC3339Timestamp.date(from: text) else {
            report(path, "'\(text.count > 40 ? text.prefix(40) + "…" : text[...])' is not a date and time with a time zone (RFC 3339), \(example)",
                   at: value.location)
            return nil
        }
        return date
    }

    /// Reports a value of the wrong kind: `expected a string, found a number`.
    mutating func mismatch(_ value: JSONValue, at path: JSONPath, expected: String) {
        report(path, "expected \(expected), found \(value.kindDescription)", at: value.location)
    }

    /// Reports `null` where a value is needed.
    mutating func cannotBeNull(_ value: JSONValue, at path: JSONPath, because reason: String) {
        report(path, "may not be null; \(reason)", at: value.location)
    }

    /// Reports a missing required field of the object at `path`.
    mutating func missing(_ name: String, in object: JSONValue, at path: JSONPath, hint: String) {
        report(path.appending(name), "missing; \(hint)", at: object.location)
    }
}

extension JSONValue {
    /// Whether this is `null`.
    var isNull: Bool { kind == .null }
}
