import ArgumentParser

/// `landfall aasa`: read, check, explain and write apple-app-site-association files.
struct AASACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Validate, explain and generate apple-app-site-association files."
    )
}
