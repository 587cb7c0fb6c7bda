import ArgumentParser

/// `landfall stats`: the statistics kept in the database.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Export the click counts kept in the database.",
        discussion: """
            One link's statistics are shown by `landfall links show LINK`; the API answers \
            GET /v1/stats and GET /v1/links/{id}/stats.

            Example:
              landfall stats export --from 2026-11-01 --to 2026-11-30 --output november.csv
            """,
        subcommands: [StatsExportCommand.self]
    )
}
