import ArgumentParser

/// `landfall stats`: the statistics kept in the database.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show the statistics kept in the database, or export their click counts.",
        discussion: """
            One link's statistics are shown by `landfall links show LINK`; the API answers \
            GET /v1/stats and GET /v1/links/{id}/stats.

            Examples:
              landfall stats show --from 2026-11-01 --to 2026-11-30
              landfall stats export --from 2026-11-01 --to 2026-11-30 --output november.csv
            """,
        subcommands: [StatsShowCommand.self, StatsExportCommand.self]
    )
}
