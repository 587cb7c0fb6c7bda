import ArgumentParser

/// The `landfall` command: deep-link tools and (later) the link server.
public struct LandfallCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "landfall",
        abstract: "Self-hosted deep links for iOS and Android: association files, routing and checks.",
        discussion: """
            Exit status, for every command: 0 ok, 1 problems found, 2 usage error or \
            unreadable input. Errors are printed to standard error as `error: ...`.

            Example:
              landfall aasa match examples/apple-app-site-association \\
                  'https://example.com/help/faq?articleNumber=481'
            """,
        subcommands: [ServeCommand.self, ConfigCommand.self, AASACommand.self, RoutesCommand.self, KeysCommand.self, UsersCommand.self,
                      InvitesCommand.self, LinksCommand.self, SettingsCommand.self, WebhooksCommand.self, ContractTestCommand.self, DoctorCommand.self,
                      AndroidCommand.self, BackupCommand.self, RestoreCommand.self, StatsCommand.self]
    )

    public init() {}
}
