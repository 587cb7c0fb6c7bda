import ArgumentParser
import Foundation

extension LandfallCommand {
    /// Parses `arguments` (without the program name), runs the command they name, and returns
    /// what it printed and its exit status, following ``CommandStatus``:
    ///
    /// - `--help` prints help on standard output, status 0;
    /// - a usage error prints `error: ...` and the usage on standard error, status 2
    ///   (ArgumentParser's own status for it is 64);
    /// - any other error thrown by a command prints `error: ...`, status 1 unless it carries
    ///   its own (an `ExitCode`).
    ///
    /// ``ReportingCommand``s and ``AsyncReportingCommand``s run in-process with `context`; other commands run with the real
    /// process's standard streams.
    public static func invoke(_ arguments: [String], context: CommandContext) async -> CommandOutput {
        do {
            var command = try await asyncParseAsRoot(arguments)
            if let reporting = command as? any ReportingCommand {
                return reporting.execute(in: context)
            }
            if let reporting = command as? any AsyncReportingCommand {
                return await reporting.execute(in: context)
            }
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return CommandOutput()
        } catch {
            return output(for: error)
        }
    }

    /// The entry point of the `landfall` executable: ``invoke(_:context:)`` with the process's
    /// arguments, then write the output and exit with its status.
    public static func runAsExecutable() async -> Never {
        let output = await invoke(Array(CommandLine.arguments.dropFirst()), context: .process)
        output.write()
        // Prints nothing for an `ExitCode`; exits with it.
        exit(withError: ExitCode(output.status.rawValue))
    }

    /// What to print, and the status, for an error thrown while parsing or running.
    static func output(for error: any Error) -> CommandOutput {
        let code = exitCode(for: error)
        var message = fullMessage(for: error)
        if code == .success {
            return CommandOutput(standardOutput: message.isEmpty ? "" : message + "\n")
        }
        // ArgumentParser writes "Error: ..."; every other message of ours says "error: ...".
        if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst("Error: ".count) }
        let status = code == .validationFailure ? CommandStatus.usageOrInputError : CommandStatus(rawValue: code.rawValue)
        return CommandOutput(standardError: message.isEmpty ? "" : message + "\n", status: status)
    }
}
