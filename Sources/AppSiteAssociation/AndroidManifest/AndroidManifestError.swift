/// Why the bytes given as an `AndroidManifest.xml` cannot be read at all: they are not
/// well-formed XML, or the root element is not `<manifest>`.
///
/// Everything else a manifest can get wrong is a ``Diagnostic`` in
/// ``AndroidManifest/diagnostics``, not an error.
///
/// ```swift
/// do {
///     _ = try AndroidManifest(text: "<manifest><application></manifest>")
/// } catch {
///     error.description // "line 1, column 24: ..."
/// }
/// ```
public struct AndroidManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    public var message: String
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column (in bytes) of the problem.
    public var column: Int

    /// Creates an error.
    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `line 3, column 1: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
