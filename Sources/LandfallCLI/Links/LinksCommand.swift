import ArgumentParser

/// `landfall links`: create, list, show, disable, enable, delete, import and draw short links.
struct LinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract: "Create, update, list, show, disable, enable, delete and import short links; draw their QR codes.",
        discussion: """
            The same links as the API's /v1/links, made with the same checks (LinkWriter): the \
            link host, the slug policy, the destination allowlist, slugs taken, expiry in the \
            past. The checks use the site configuration given with --config (landfall.yml), or \
            the built-in demo's without it.

            The links live in the same database as the server's: give these commands the \
            --data-dir or --database-url (or LANDFALL_DATABASE_URL) that `landfall serve` uses; \
            they may run while it runs. A change reaches a server on the same SQLite database \
            within its link cache's time to live (10 s), and other PostgreSQL instances at once \
            through the database's change notification.

            A link is named by its id, its short URL or its slug.

            Examples:
              landfall links create --target https://daily.example.com/winter --slug winter
              landfall links list --search winter
              landfall links show winter
              landfall links update winter --card invitation
              landfall links disable winter
              landfall links import links.csv --dry-run
              landfall links export --output links.csv
              landfall links qr winter --output winter.png
            """,
        subcommands: [LinksCreateCommand.self, LinksUpdateCommand.self, LinksListCommand.self, LinksShowCommand.self, LinksDisableCommand.self,
                      LinksEnableCommand.self, LinksDeleteCommand.self, LinksImportCommand.self, LinksExportCommand.self, LinksQRCommand.self]
    )
}
