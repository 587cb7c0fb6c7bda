import ArgumentParser

/// `landfall android`: check the app side of Android App Links offline, the way Android reads it.
struct AndroidCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "android",
        abstract: "Check the Android side of app links: path patterns and manifests, as Android matches them.",
        discussion: """
            Every command works offline, applying the rules of Android's own code \
            (android.os.PatternMatcher). Text output is for people (coloured only on a \
            terminal, never with NO_COLOR set); --format json is for machines.

            Exit status: 0 ok, 1 problems found, 2 usage error or a pattern Android refuses.

            Example:
              landfall android pattern --type simple-glob '/puzzle/..*' /puzzle/12 /puzzle/
              landfall android match AndroidManifest.xml https://example.com/puzzle/today
            """,
        subcommands: [AndroidPatternCommand.self, AndroidMatchCommand.self]
    )
}
