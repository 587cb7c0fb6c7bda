import ArgumentParser

/// `landfall aasa`: read, check, explain and write apple-app-site-association files.
struct AASACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Validate, explain and generate apple-app-site-association files.",
        discussion: """
            Every command reads files offline, applying the rules iOS applies; `-` reads \
            standard input. Text output is for people (coloured only on a terminal, never with \
            NO_COLOR set); --format json is for machines.

            Exit status: 0 ok, 1 problems found, 2 usage error or unreadable input.

            Example:
              landfall aasa match examples/apple-app-site-association \\
                  'https://example.com/help/faq?articleNumber=481'
            """,
        subcommands: [AASAValidateCommand.self, AASAMatchCommand.self, AASAConformanceCommand.self, AASAGenerateCommand.self]
    )
}
