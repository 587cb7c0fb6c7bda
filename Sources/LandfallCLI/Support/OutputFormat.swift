import ArgumentParser

/// How a command prints its results: `text` for people, `json` for machines.
public enum OutputFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// Lines for people (coloured on a terminal).
    case text
    /// One JSON document on standard output, never coloured.
    case json
}

/// The `--format text|json` option, shared by every command that reports results.
///
/// ```swift
/// struct SomeCommand: ParsableCommand {
///     @OptionGroup var output: OutputFormatOptions
/// }
/// ```
public struct OutputFormatOptions: ParsableArguments, Sendable {
    /// The chosen format.
    @Option(name: .long, help: "How to print results: text for people, json for machines.")
    public var format: OutputFormat = .text

    /// Creates the options with their defaults.
    public init() {}
}
