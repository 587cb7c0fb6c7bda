import ArgumentParser

/// `landfall keys`: create, list and revoke the API keys of the links API.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Create, list and revoke the API keys of the links API (/v1).",
        discussion: """
            A key is sent with each API request as the header 'Authorization: Bearer <key>'. \
            Its scope is read (list and read links and statistics) or write (that, and create, \
            change, disable and delete links). Only a hash of each key is stored: the key itself \
            is printed once, by `landfall keys create`.

            The keys live in the same database as the links: give these commands the \
            --data-dir or --database-url (or LANDFALL_DATABASE_URL) that `landfall serve` uses. \
            They may run while the server runs; a revoked key is refused from its next request.

            Examples:
              landfall keys create --name ci --scope write
              landfall keys list --data-dir /var/lib/landfall
              landfall keys revoke Q2x8Vd0mK3pa
            """,
        subcommands: [KeysCreateCommand.self, KeysListCommand.self, KeysRevokeCommand.self]
    )
}
