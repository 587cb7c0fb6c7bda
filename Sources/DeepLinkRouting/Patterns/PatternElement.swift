/// One element of a parsed route pattern: a segment, or an optional group of elements.
///
/// `/required/:a(/optional/:b)` parses to
/// `[.segment(.literal("required")), .segment(.parameter("a")),
///   .optionalGroup([.segment(.literal("optional")), .segment(.parameter("b"))])]`.
public indirect enum PatternElement: Sendable, Hashable {
    /// A single path segment.
    case segment(PatternSegment)
    /// Elements that are either all present or all absent (`( ... )` in the pattern).
    case optionalGroup([PatternElement])
}
