import ArgumentParser

/// The `landfall` command: deep-link tools and (later) the link server.
public struct LandfallCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "landfall",
        abstract: "Self-hosted deep links for iOS and Android: association files, routing and checks.",
        subcommands: [AASACommand.self, RoutesCommand.self]
    )

    public init() {}
}
