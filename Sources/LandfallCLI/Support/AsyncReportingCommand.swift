import ArgumentParser

/// A ``ReportingCommand`` whose work is asynchronous (it opens the storage): a function from a
/// ``CommandContext`` to a ``CommandOutput``. `run()` writes that output and exits with its
/// status, so that tests can call ``execute(in:)`` in-process.
///
/// ```swift
/// struct CountCommand: AsyncReportingCommand {
///     func execute(in context: CommandContext) async -> CommandOutput {
///         var output = CommandOutput()
///         output.print("\(await countSomething())")
///         return output
///     }
/// }
/// ```
public protocol AsyncReportingCommand: AsyncParsableCommand {
    /// Does the command's work and returns what it prints and its exit status.
    func execute(in context: CommandContext) async -> CommandOutput
}

extension AsyncReportingCommand {
    /// Runs ``execute(in:)`` on the real process, writes its output, and exits with its status.
    public mutating func run() async throws {
        let output = await execute(in: .process)
        output.write()
        if output.status != .success { throw ExitCode(output.status.rawValue) }
    }
}
