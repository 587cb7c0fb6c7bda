/// The parameters of a matched link: path parameters (typed), query items and the fragment.
///
/// Look a value up by name; a path parameter always wins over a query item of the same name,
/// so `https://example.com/user/42?userID=evil` gives `userID` = `42`.
///
/// ```swift
/// // Route "/puzzle/:date" with ["date": .day], URL /puzzle/2025-10-25?tag=a&tag=b#top
/// parameters["date"]                          // "2025-10-25"
/// parameters.value("date", as: CalendarDay.self)  // CalendarDay(2025-10-25)
/// parameters.values("tag")                    // ["a", "b"]
/// parameters.fragment                         // "top"
/// ```
public struct RouteParameters: Sendable, Equatable, CustomStringConvertible {
    /// One converted value with the text it was read from.
    struct Captured: Sendable {
        let name: String
        let text: String
        let value: any Sendable
    }

    /// Path parameters in pattern order (a catch-all's text is its segments joined by `/`).
    let captured: [Captured]
    /// Typed values of query items the route declared a type for, one per item.
    let typedQuery: [Captured]
    /// The query items, in URL order, without those named like a path parameter.
    public let queryItems: [QueryItem]
    /// The decoded fragment (after `#`), or nil when the URL has none.
    public let fragment: String?

    init(captured: [Captured], typedQuery: [Captured], queryItems: [QueryItem], fragment: String?) {
        self.captured = captured
        self.typedQuery = typedQuery
        self.queryItems = queryItems
        self.fragment = fragment
    }

    /// The names of the path parameters, in pattern order.
    public var pathParameterNames: [String] { captured.map(\.name) }

    /// Every name: the path parameters first, then each query name once, in URL order.
    public var names: [String] {
        var result = captured.map(\.name)
        for item in queryItems where !result.contains(item.name) {
            result.append(item.name)
        }
        return result
    }

    /// The path parameters as text, by name.
    public var pathParameters: [String: String] {
        Dictionary(captured.map { ($0.name, $0.text) }, uniquingKeysWith: { first, _ in first })
    }

    /// The text of a path parameter, else of the first query item with that name.
    public subscript(_ name: String) -> String? {
        if let path = captured.first(where: { $0.name == name }) { return path.text }
        return queryItems.first(where: { $0.name == name })?.value
    }

    /// Whether a path parameter or query item has this name.
    public func contains(_ name: String) -> Bool {
        self[name] != nil
    }

    /// All texts for a name: the path parameter's alone if there is one, else every query
    /// item with that name, in URL order.
    public func values(_ name: String) -> [String] {
        if let path = captured.first(where: { $0.name == name }) { return [path.text] }
        return queryItems.filter { $0.name == name }.map(\.value)
    }

    /// The typed value of a parameter whose route declared a type for it.
    ///
    /// Returns nil when there is no such parameter or its value is not a `Value`.
    public func value<Value>(_ name: String, as type: Value.Type = Value.self) -> Value? {
        if let path = captured.first(where: { $0.name == name }) { return path.value as? Value }
        return typedQuery.first(where: { $0.name == name })?.value as? Value
    }

    /// The typed value of a parameter, converting its text with `Value.init?(_:)` when the
    /// route declared no type for it.
    ///
    /// ```swift
    /// let page = parameters.value("page", as: Int.self) ?? 1   // from ?page=3
    /// ```
    public func value<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type = Value.self) -> Value? {
        if let path = captured.first(where: { $0.name == name }) {
            return (path.value as? Value) ?? Value(path.text)
        }
        if let typed = typedQuery.first(where: { $0.name == name }), let value = typed.value as? Value {
            return value
        }
        return queryItems.first(where: { $0.name == name }).flatMap { Value($0.value) }
    }

    /// Every value of a name converted with `Value.init?(_:)` (typed values are used as they
    /// are); texts that do not convert are left out.
    public func values<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type = Value.self) -> [Value] {
        if let path = captured.first(where: { $0.name == name }) {
            return [(path.value as? Value) ?? Value(path.text)].compactMap { $0 }
        }
        return queryItems.filter { $0.name == name }.compactMap { Value($0.value) }
    }

    /// Compares the texts of the parameters, the query items and the fragment.
    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool {
        lhs.captured.map(\.name) == rhs.captured.map(\.name)
            && lhs.captured.map(\.text) == rhs.captured.map(\.text)
            && lhs.queryItems == rhs.queryItems
            && lhs.fragment == rhs.fragment
    }

    /// `name=value` pairs, repeated query names as a list, e.g. `date=2025-10-25, tag=[a, b]`.
    public var description: String {
        names.map { name in
            let all = values(name)
            return all.count == 1 ? "\(name)=\(all[0])" : "\(name)=[\(all.joined(separator: ", "))]"
        }.joined(separator: ", ")
    }
}
