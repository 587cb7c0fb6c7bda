import Foundation

/// How a parameter's text becomes a typed value, and back.
///
/// A route declares a type per parameter (`["date": .day, "id": .int]`). When a segment
/// does not convert, the route does not match and routing goes on with the next candidate,
/// so `/item/:id` typed `.int` and `/item/:slug` can live side by side.
///
/// Built-in types, by the names a route table uses:
///
/// | name | Swift value | accepts |
/// | --- | --- | --- |
/// | `string` | `String` | any non-empty segment (the default) |
/// | `int` | `Int` | what `Int(_:)` accepts, e.g. `42`, `-7` |
/// | `double` | `Double` | finite numbers `Double(_:)` accepts, e.g. `2.5` |
/// | `bool` | `Bool` | `true`/`false`, `yes`/`no`, `1`/`0`, any case |
/// | `uuid` | `UUID` | `UUID(uuidString:)`, any case |
/// | `day` | ``CalendarDay`` | `yyyy-MM-dd` of a real date |
///
/// Make your own from any `LosslessStringConvertible` type with ``lossless(_:name:)`` or
/// from a pair of functions:
///
/// ```swift
/// let slug = ParameterType(name: "slug") { text in
///     text.allSatisfy { $0.isLetter || $0 == "-" } ? text : nil
/// } format: { $0 }
/// ```
public struct ParameterType: Sendable, CustomStringConvertible {
    /// The name a route table uses for this type, e.g. `day`.
    public let name: String
    /// True for ``string``, whose conversion is the identity (routing skips the call).
    let isString: Bool
    private let parseText: @Sendable (String) -> (any Sendable)?
    private let formatValue: @Sendable (any Sendable) -> String?

    /// Creates a type from a parse function and its inverse.
    ///
    /// - Parameters:
    ///   - name: The name route tables use for the type.
    ///   - parse: Returns the value for a (percent-decoded) segment, or nil if it does not
    ///     convert, in which case the route does not match.
    ///   - format: Writes a value back as text for URL generation; `parse(format(v))` must
    ///     give back `v`.
    public init<Value: Sendable>(
        name: String,
        parse: @escaping @Sendable (String) -> Value?,
        format: @escaping @Sendable (Value) -> String
    ) {
        self.name = name
        self.isString = false
        self.parseText = { text in parse(text) }
        self.formatValue = { value in (value as? Value).map(format) }
    }

    private init(stringNamed name: String) {
        self.name = name
        self.isString = true
        self.parseText = { $0 }
        self.formatValue = { $0 as? String }
    }

    /// Converts a segment to the typed value, or nil if it does not convert.
    public func parse(_ text: String) -> (any Sendable)? {
        isString ? text : parseText(text)
    }

    /// Writes a value as text for a URL: a value of the type is formatted; any other value
    /// (a `String`, or an `Int` for a `double`) is written with `String(describing:)` and
    /// accepted if it parses. Returns nil if the value cannot stand for this type.
    public func format(_ value: any Sendable) -> String? {
        if let text = formatValue(value) { return text }
        let text = (value as? String) ?? String(describing: value)
        return parse(text) == nil ? nil : text
    }

    /// The type's name.
    public var description: String { name }

    /// Any non-empty segment, as a `String` (the default type).
    public static let string = ParameterType(stringNamed: "string")

    /// An `Int`, as `Int(_:)` reads it.
    public static let int = ParameterType(name: "int", parse: { Int($0) }, format: { String($0) })

    /// A finite `Double`.
    public static let double = ParameterType(
        name: "double",
        parse: { text in Double(text).flatMap { $0.isFinite ? $0 : nil } },
        format: { String($0) }
    )

    /// A `Bool`: `true`/`false`, `yes`/`no` or `1`/`0`, in any case; written `true`/`false`.
    public static let bool = ParameterType(
        name: "bool",
        parse: { text -> Bool? in
            switch text.lowercased() {
            case "true", "yes", "1": true
            case "false", "no", "0": false
            default: nil
            }
        },
        format: { $0 ? "true" : "false" }
    )

    /// A `UUID` in any case; written in lower case.
    public static let uuid = ParameterType(
        name: "uuid", parse: { Self.parseUUID($0) }, format: { $0.uuidString.lowercased() })

    /// A ``CalendarDay`` written `yyyy-MM-dd`.
    public static let day = ParameterType(name: "day", parse: { CalendarDay($0) }, format: { $0.description })

    /// Reads `8-4-4-4-12` hexadecimal digits in any case, as `UUID(uuidString:)` does, without
    /// the C library scanner that implementation uses on Linux.
    static func parseUUID(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { bytes -> UUID? in
            guard bytes.count == 36 else { return nil }
            var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let valid = withUnsafeMutableBytes(of: &uuid) { values -> Bool in
                var byteIndex = 0
                var index = 0
                while index < 36 {
                    if index == 8 || index == 13 || index == 18 || index == 23 {
                        guard bytes[index] == UInt8(ascii: "-") else { return false }
                        index += 1
                        continue
                    }
                    guard let high = PercentEncoding.hexValue(bytes[index]),
                          let low = PercentEncoding.hexValue(bytes[index + 1]) else { return false }
                    values[byteIndex] = high << 4 | low
                    byteIndex += 1
                    index += 2
                }
                return true
            }
            return valid ? UUID(uuid: uuid) : nil
        }
    }

    /// A type for any `LosslessStringConvertible` value, read with `init?(_:)` and written
    /// with `description`.
    ///
    /// ```swift
    /// let version = ParameterType.lossless(Int8.self, name: "int8")
    /// ```
    public static func lossless<Value: LosslessStringConvertible & Sendable>(
        _ type: Value.Type, name: String
    ) -> ParameterType {
        ParameterType(name: name, parse: { Value($0) }, format: { $0.description })
    }

    /// The built-in types: string, int, double, bool, uuid and day.
    public static let builtIn: [ParameterType] = [.string, .int, .double, .bool, .uuid, .day]
}
