import ArgumentParser

/// `landfall config`: check a site configuration, print what the server derives from it, and
/// write the app's half of the same configuration.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check a site configuration (landfall.yml), print what the server derives from it, and write the app's half.",
        discussion: """
            The app's half comes from the same routes as the served association files: \
            `entitlements` (iOS), `android-manifest`, `expo` (app.json) and \
            `react-navigation` (the linking config). Each prints the file, or with --merge \
            FILE changes only its part of the app's own file (--dry-run shows the diff). \
            `landfall test` then checks that both halves agree.

            Example (the four files of the demo's apps):
              landfall config entitlements examples/demo/landfall.yml > DailyPuzzle.entitlements
              landfall config android-manifest examples/demo/landfall.yml --merge app/src/main/AndroidManifest.xml
              landfall config expo examples/demo/landfall.yml --merge app.json
              landfall config react-navigation examples/demo/landfall.yml > src/linking.ts
            """,
        subcommands: [ConfigCheckCommand.self, ConfigAssociationsCommand.self, ConfigRoutesCommand.self, ConfigCardCommand.self,
                      ConfigEntitlementsCommand.self, ConfigAndroidManifestCommand.self,
                      ConfigExpoCommand.self, ConfigReactNavigationCommand.self]
    )
}
