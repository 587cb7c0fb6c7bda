/// A place in a source document: a byte offset and the 1-based line and column a person sees.
///
/// Columns count Unicode scalars from the start of the line, so they agree with what an editor shows
/// for ordinary JSON files.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Offset in bytes from the start of the document (after any byte-order mark).
    public var offset: Int
    /// Line number, starting at 1.
    public var line: Int
    /// Column number, starting at 1.
    public var column: Int

    /// Creates a location.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line 3, column 14`.
    public var description: String { "line \(line), column \(column)" }
}
