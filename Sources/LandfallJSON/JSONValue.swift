/// A JSON value that keeps what a generic decoder throws away: the order of object members,
/// duplicate keys, the literal text of numbers, and where each value stood in the source.
///
/// The association-file decoder and the linter both work on this tree, so that every problem
/// can be reported at its exact place. Equality ignores source locations.
///
/// ```swift
/// let value = try JSONValue.parse(#"{"applinks": {"details": []}}"#)
/// value["applinks"]?["details"]?.arrayValue?.count // 0
/// ```
public struct JSONValue: Sendable, CustomStringConvertible {
    /// The kinds of JSON value.
    public indirect enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        /// A number, kept as its literal text (`1`, `-2.5e3`).
        case number(String)
        case string(String)
        case array([JSONValue])
        /// An object's members in document order; duplicate keys are kept.
        case object([JSONMember])
    }

    /// What this value is.
    public var kind: Kind
    /// Where the value started in the source, or `nil` for a value built in code.
    public var location: SourceLocation?

    /// Creates a value, optionally with its source location.
    public init(_ kind: Kind, location: SourceLocation? = nil) {
        self.kind = kind
        self.location = location
    }

    /// A string value.
    public static func string(_ text: String) -> JSONValue { JSONValue(.string(text)) }
    /// A Boolean value.
    public static func bool(_ flag: Bool) -> JSONValue { JSONValue(.bool(flag)) }
    /// An array value.
    public static func array(_ elements: [JSONValue]) -> JSONValue { JSONValue(.array(elements)) }
    /// An object value with members in the given order.
    public static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        JSONValue(.object(members.map { JSONMember(key: $0.0, value: $0.1) }))
    }
    /// The `null` value.
    public static let null = JSONValue(.null)

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The flag, if this is a Boolean.
    public var boolValue: Bool? {
        if case .bool(let flag) = kind { return flag }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// The members, if this is an object.
    public var objectMembers: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The value of the first member named `key`, if this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        objectMembers?.first { $0.key == key }?.value
    }

    /// A short name for the kind of value, for messages: "a string", "an array", "null".
    public var kindDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as compact JSON.
    public var description: String { JSONWriter.compact.string(for: self) }
}

extension JSONValue: Equatable {
    /// Values are equal when their contents are; source locations are ignored.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.kind == rhs.kind }
}

/// One member of a JSON object: a key, where the key stood, and the value.
public struct JSONMember: Sendable, Equatable {
    /// The member's key.
    public var key: String
    /// Where the key's opening quote stood, or `nil` for a member built in code.
    public var keyLocation: SourceLocation?
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, keyLocation: SourceLocation? = nil, value: JSONValue) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }

    /// Members are equal when keys and values are; source locations are ignored.
    public static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
        lhs.key == rhs.key && lhs.value == rhs.value
    }
}
