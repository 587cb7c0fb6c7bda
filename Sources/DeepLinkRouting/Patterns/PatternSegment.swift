/// One path segment of a route pattern, after optional groups have been expanded.
///
/// A pattern such as `/puzzle/:date` has the segments `.literal("puzzle")` and
/// `.parameter("date")`; `/docs/*path` ends with `.catchAll("path")`.
public enum PatternSegment: Sendable, Hashable {
    /// A segment that must equal this text (already percent-decoded).
    case literal(String)
    /// A segment captured under this name (`:name` in the pattern).
    case parameter(String)
    /// The rest of the path (one or more segments), captured under this name if it has one
    /// (`*name` or a bare `*` in the pattern). Always the last segment.
    case catchAll(String?)

    /// The captured name, if the segment captures one.
    public var parameterName: String? {
        switch self {
        case .literal: nil
        case .parameter(let name): name
        case .catchAll(let name): name
        }
    }
}
