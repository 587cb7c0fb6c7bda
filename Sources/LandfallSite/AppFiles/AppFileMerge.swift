/// A generated part merged into an app's existing file: the file's new text, and what a
/// person should know about what was kept (a hand-written rule left in place, say).
public struct AppFileMerge: Sendable, Equatable {
    /// The whole file after the merge; every byte outside the generated part is as it was.
    public var text: String
    /// Sentences about the merge, each worth a warning line.
    public var notes: [String]

    /// Creates a merge result.
    public init(text: String, notes: [String] = []) {
        self.text = text
        self.notes = notes
    }
}

/// Why a generated part cannot be merged into a file: the file cannot be read as what it
/// should be, or the place the part belongs is missing or ambiguous.
public struct AppFileMergeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and what to do, such as "the manifest has no activity named .LinkActivity;
    /// its activities are .MainActivity, .SettingsActivity".
    public var message: String
    /// The line the problem is on, when there is one.
    public var line: Int?

    /// Creates an error.
    public init(_ message: String, line: Int? = nil) {
        self.message = message
        self.line = line
    }

    /// The message, after the line when there is one.
    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}
