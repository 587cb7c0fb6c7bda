import LandfallCLI

/// Runs `landfall` in-process, exactly as the executable parses and maps exit statuses, with
/// the standard input and terminal the test chooses.
func runLandfall(
    _ arguments: [String],
    standardInput: String = "",
    terminal: Bool = false,
    environment: [String: String] = [:]
) async -> CommandOutput {
    let context = CommandContext(environment: environment, standardOutputIsTerminal: terminal,
                                 standardInput: Array(standardInput.utf8))
    return await LandfallCommand.invoke(arguments, context: context)
}
