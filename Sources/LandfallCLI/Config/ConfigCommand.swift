import ArgumentParser

/// `landfall config`: check a site configuration and print what the server derives from it.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check a site configuration (landfall.yml) and print what the server derives from it.",
        subcommands: [ConfigCheckCommand.self, ConfigAssociationsCommand.self, ConfigRoutesCommand.self,
                      ConfigEntitlementsCommand.self, ConfigAndroidManifestCommand.self,
                      ConfigExpoCommand.self, ConfigReactNavigationCommand.self]
    )
}
