/// Where a matched route's parameters are in the path, and their types.
///
/// A match keeps the path's segments and a reference to this layout instead of a list of
/// captured values, so matching allocates nothing for parameters; values are read (and
/// converted) when the app asks for them.
final class CaptureLayout: Sendable {
    /// For each capture in order: its name (nil for an anonymous catch-all).
    let names: [String?]
    /// For each capture in order: the segment index it starts at.
    let depths: [Int]
    /// For each capture in order: its type.
    let types: [ParameterType]
    /// Whether the last capture is a catch-all (it takes the rest of the path).
    let endsWithCatchAll: Bool
    /// The types of the query items the route reads, minus names captured from the path.
    let queryTypes: [(name: String, type: ParameterType)]

    init(names: [String?], depths: [Int], types: [ParameterType], endsWithCatchAll: Bool,
         queryTypes: [(name: String, type: ParameterType)]) {
        self.names = names
        self.depths = depths
        self.types = types
        self.endsWithCatchAll = endsWithCatchAll
        self.queryTypes = queryTypes
    }

    /// The index of the capture with this name.
    func index(of name: String) -> Int? {
        names.firstIndex { $0 == name }
    }

    /// The text of a capture: one segment, or the rest of the path joined by `/` for a catch-all.
    func text(of capture: Int, in segments: [String]) -> String {
        let depth = depths[capture]
        if endsWithCatchAll && capture == depths.count - 1 {
            return segments[depth...].joined(separator: "/")
        }
        return segments[depth]
    }

    /// The type of a query item, if the route declares one.
    func queryType(of name: String) -> ParameterType? {
        queryTypes.first { $0.name == name }?.type
    }
}
