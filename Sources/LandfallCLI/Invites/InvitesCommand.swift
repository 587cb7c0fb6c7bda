import ArgumentParser

/// `landfall invites`: create, list, revoke and export invitation codes, and read their audit log.
struct InvitesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invites",
        abstract: "Create, list, revoke and export invitation codes; read the audit log of redemptions.",
        discussion: """
            An invitation is a code such as 7KQ2M-X4P9T-HCW3R that lets someone into the app a \
            set number of times, until it expires or is revoked. Codes are drawn from a \
            cryptographic generator (15 symbols, about 74 bits, without 0/O, 1/I/L) and are read \
            back without regard to case, spaces or dashes. Each one has a URL on the site \
            host, https://<site>/invites/<code>, made from the site configuration's \
            `invitations:` route: the page opens the app with the code, or carries it through \
            the install. Apps redeem codes with POST /v1/invites/redeem.

            The invitations live in the same database as the links: give these commands the \
            --data-dir or --database-url (or LANDFALL_DATABASE_URL) that `landfall serve` uses. \
            They may run while the server runs.

            Examples:
              landfall invites create --count 50 --expires-in 30d --campaign beta --config landfall.yml
              landfall invites list --status active
              landfall invites revoke 7KQ2M-X4P9T-HCW3R
              landfall invites export --output invitations.csv
              landfall invites audit --limit 20
            """,
        subcommands: [InvitesCreateCommand.self, InvitesListCommand.self, InvitesRevokeCommand.self,
                      InvitesExportCommand.self, InvitesAuditCommand.self]
    )
}
