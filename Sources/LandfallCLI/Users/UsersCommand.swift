import ArgumentParser

/// `landfall users`: the people who sign in to the dashboard.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Create, list, disable and enable the dashboard's users, change their role, reset their password.",
        discussion: """
            People sign in to the dashboard with their email and a password. Each has a role: \
            admin (everything: links, invitations, people, API keys and settings), editor (links \
            and invitations) or viewer (reads only). Only a slow hash (bcrypt) of each password is \
            stored: a password is printed once, when it is made, or read from standard input with \
            --password-stdin.

            The users live in the same database as the links: give these commands the --data-dir \
            or --database-url (or LANDFALL_DATABASE_URL) that `landfall serve` uses. They may run \
            while the server runs. Disabling a user or resetting a password signs that user out \
            everywhere at once. There is always at least one enabled admin: the last one can be \
            neither disabled nor given another role. Each change is written to the dashboard's \
            audit log.

            Examples:
              landfall users create --email ana@daily.example.com --role admin
              landfall users list
              landfall users reset-password ana@daily.example.com
              landfall users role bo@daily.example.com viewer
              landfall users disable bo@daily.example.com
            """,
        subcommands: [UsersCreateCommand.self, UsersListCommand.self, UsersRoleCommand.self, UsersResetPasswordCommand.self,
                      UsersDisableCommand.self, UsersEnableCommand.self]
    )
}
