import Foundation

/// What a command may know about the world it runs in: its environment, whether its standard
/// output is a terminal, and how to read standard input.
///
/// ``process`` is the real one; tests build their own, so that a command runs in-process with
/// the input and terminal they choose.
///
/// ```swift
/// let context = CommandContext(standardInput: Array(#"{"applinks": {"details": []}}"#.utf8))
/// let output = await LandfallCommand.invoke(["aasa", "validate", "-"], context: context)
/// ```
public struct CommandContext: Sendable {
    /// The environment variables (only `NO_COLOR` is read today).
    public var environment: [String: String]
    /// Whether standard output is a terminal (colour is used only then).
    public var standardOutputIsTerminal: Bool
    /// Reads all of standard input, at most `limit` bytes (more is an error).
    public var readStandardInput: @Sendable (_ limit: Int) throws -> [UInt8]
    /// Writes to standard output as a command goes (exports that must not hold all they
    /// write); `nil` when the output is collected instead (tests running commands in-process).
    public var writeStandardOutput: (@Sendable (Data) -> Void)?

    /// Creates a context.
    public init(
        environment: [String: String] = [:],
        standardOutputIsTerminal: Bool = false,
        readStandardInput: @escaping @Sendable (_ limit: Int) throws -> [UInt8]
    ) {
        self.environment = environment
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.readStandardInput = readStandardInput
    }

    /// A context whose standard input holds `bytes` (for tests).
    public init(environment: [String: String] = [:], standardOutputIsTerminal: Bool = false, standardInput bytes: [UInt8] = []) {
        self.init(environment: environment, standardOutputIsTerminal: standardOutputIsTerminal) { _ in bytes }
    }

    /// The running process: its environment, its real standard output and standard input.
    public static var process: CommandContext {
        var context = CommandContext(
            environment: ProcessInfo.processInfo.environment,
            standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1
        ) { limit in
            try FileHandle.standardInput.read(upToCount: limit + 1).map(Array.init) ?? []
        }
        context.writeStandardOutput = { FileHandle.standardOutput.write($0) }
        return context
    }

    /// The style for standard output: colour only on a terminal, and never when `NO_COLOR` is
    /// set to a non-empty value (<https://no-color.org>).
    public var style: TerminalStyle {
        TerminalStyle(usesColor: standardOutputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty)
    }
}
