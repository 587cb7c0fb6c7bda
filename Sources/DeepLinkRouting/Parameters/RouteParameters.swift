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
///
/// Typed values are converted when asked for (the router has already checked that they
/// convert), so a match costs no conversion for parameters the app never reads.
public struct RouteParameters: Sendable, Equatable, CustomStringConvertible {
    /// Where the path parameters are and what types they have.
    let layout: CaptureLayout
    /// The decoded path segments the layout points into.
    let segments: [String]
    /// The query items, in URL order, without those named like a path parameter.
    public let queryItems: [QueryItem]
    /// The decoded fragment (after `#`), or nil when the URL has none.
    public let fragment: String?

    init(layout: CaptureLayout, segments: [String], queryItems: [QueryItem], fragment: String?) {
        self.layout = layout
        self.segments = segments
        self.queryItems = queryItems
        self.fragment = fragment
    }

    /// The names of the path parameters, in pattern order.
    public var pathParameterNames: [String] { layout.names.compactMap { $0 } }

    /// Every name: the path parameters first, then each query name once, in URL order.
    public var names: [String] {
        var result = pathParameterNames
        for item in queryItems where !result.contains(item.name) {
            result.append(item.name)
        }
        return result
    }

    /// The path parameters as text, by name (a catch-all's text is its segments joined by `/`).
    public var pathParameters: [String: String] {
        var result: [String: String] = [:]
        for (index, name) in layout.names.enumerated() {
            if let name { result[name] = layout.text(of: index, in: segments) }
        }
        return result
    }

    /// The text of a path parameter, else of the first query item with that name.
    public subscript(_ name: String) -> String? {
        if let index = layout.index(of: name) { return layout.text(of: index, in: segments) }
        return queryItems.first(where: { $0.name == name })?.value
    }

    /// Whether a path parameter or query item has this name.
    public func contains(_ name: String) -> Bool {
        self[name] != nil
    }

    /// All texts for a name: the path parameter's alone if there is one, else every query
    /// item with that name, in URL order.
    public func values(_ name: String) -> [String] {
        if let index = layout.index(of: name) { return [layout.text(of: index, in: segments)] }
        return queryItems.filter { $0.name == name }.map(\.value)
    }

    /// The typed value of a parameter whose route declared a type for it (a path parameter,
    /// or a query item listed in the route's query types).
    ///
    /// Returns nil when there is no such parameter or its value is not a `Value`.
    public func value<Value>(_ name: String, as type: Value.Type = Value.self) -> Value? {
        typedValue(name) as? Value
    }

    /// The typed value of a parameter, converting its text with `Value.init?(_:)` when the
    /// route declared no type for it.
    ///
    /// ```swift
    /// let page = parameters.value("page", as: Int.self) ?? 1   // from ?page=3
    /// ```
    public func value<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type = Value.self) -> Value? {
        if let value = typedValue(name) as? Value { return value }
        return self[name].flatMap { Value($0) }
    }

    /// Every value of a name converted with `Value.init?(_:)` (typed values are used as they
    /// are); texts that do not convert are left out.
    public func values<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type = Value.self) -> [Value] {
        if layout.index(of: name) != nil {
            return [value(name, as: Value.self)].compactMap { $0 }
        }
        let queryType = layout.queryType(of: name)
        return queryItems.filter { $0.name == name }.compactMap { item in
            (queryType?.parse(item.value) as? Value) ?? Value(item.value)
        }
    }

    /// The value of a path parameter, or of the first query item the route types.
    private func typedValue(_ name: String) -> (any Sendable)? {
        if let index = layout.index(of: name) {
            return layout.types[index].parse(layout.text(of: index, in: segments))
        }
        guard let type = layout.queryType(of: name) else { return nil }
        return queryItems.lazy.filter { $0.name == name }.compactMap { type.parse($0.value) }.first
    }

    /// Compares the texts of the parameters, the query items and the fragment.
    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool {
        lhs.layout.names == rhs.layout.names
            && lhs.layout.names.indices.map { lhs.layout.text(of: $0, in: lhs.segments) }
                == rhs.layout.names.indices.map { rhs.layout.text(of: $0, in: rhs.segments) }
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
