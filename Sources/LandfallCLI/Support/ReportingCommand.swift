import ArgumentParser

/// A command whose work is a function from a ``CommandContext`` to a ``CommandOutput``: what
/// it prints and the status it ends with. `run()` writes that output and exits with the status,
/// so tests can call ``execute(in:)`` (or ``LandfallCommand/invoke(_:context:)``) in-process.
///
/// ```swift
/// struct HelloCommand: ReportingCommand {
///     func execute(in context: CommandContext) -> CommandOutput {
///         var output = CommandOutput()
///         output.print("hello")
///         return output
///     }
/// }
/// ```
public protocol ReportingCommand: ParsableCommand {
    /// Does the command's work and returns what it prints and its exit status.
    func execute(in context: CommandContext) -> CommandOutput
}

extension ReportingCommand {
    /// Runs ``execute(in:)`` on the real process, writes its output, and exits with its status.
    public mutating func run() throws {
        let output = execute(in: .process)
        output.write()
        if output.status != .success { throw ExitCode(output.status.rawValue) }
    }
}
