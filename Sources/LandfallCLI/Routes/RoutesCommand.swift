import ArgumentParser

/// `landfall routes`: check URLs against an app's route table.
struct RoutesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Match URLs against a route table the way the app's router will.",
        subcommands: [RoutesMatchCommand.self]
    )
}
