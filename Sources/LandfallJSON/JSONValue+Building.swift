extension JSONValue {
    /// A string, or `null` when `text` is `nil`: an optional field written explicitly.
    ///
    /// ```swift
    /// JSONValue.object([("note", .optional(nil))])   // {"note": null}
    /// ```
    public static func optional(_ text: String?) -> JSONValue { text.map { JSONValue(.string($0)) } ?? .null }

    /// An integer.
    public static func integer(_ value: Int) -> JSONValue { JSONValue(.number(String(value))) }

    /// An object of string values, ordered by key (maps such as a link's `data`).
    public static func sortedStrings(_ dictionary: [String: String]) -> JSONValue {
        .object(dictionary.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
    }
}
