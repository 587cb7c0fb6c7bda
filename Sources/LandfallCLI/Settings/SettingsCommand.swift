import ArgumentParser

/// `landfall settings`: show and change the runtime settings every server reads.
struct SettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show and change the runtime settings, such as whether the app requires an invitation.",
        discussion: """
            Runtime settings live in the database, not in landfall.yml: a change takes effect \
            without a restart, on every server within a second, and apps read them from \
            GET /v1/settings (no key needed) to decide, say, whether to ask for an invitation \
            code at launch. PATCH /v1/settings changes them too, with a write key.

            Settings:
              invitations-required  true or false (default false): the app asks for an invitation

            Examples:
              landfall settings show
              landfall settings set invitations-required true --data-dir /var/lib/landfall
            """,
        subcommands: [SettingsShowCommand.self, SettingsSetCommand.self]
    )
}
