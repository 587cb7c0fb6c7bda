import ArgumentParser
import Foundation
import LandfallSite

/// `landfall config expo FILE`: the Expo `app.json` keys that make the site's links open the
/// app, printed or merged into the app's `app.json`.
struct ConfigExpoCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "expo",
        abstract: "Print the Expo app.json keys for the site's links (scheme, ios.associatedDomains, android.intentFilters), or merge them into app.json.",
        discussion: """
            The keys go under "expo" in the app's app.json: scheme (the first custom scheme of \
            landfall.yml), ios.associatedDomains (the same entries as `landfall config \
            entitlements`) and android.intentFilters (the same filters as `landfall config \
            android-manifest`: Expo's prebuild turns each data object into one <data> element). \
            Run `npx expo prebuild` (or an EAS build) after a change: the native projects are \
            generated from these keys.

            Merging replaces only those keys: every other key keeps its place and spelling, new \
            text follows the file's indentation. Associated domains for other hosts and intent \
            filters that claim none of the site's hosts or schemes (a share-sheet filter, say) \
            are kept after the generated ones, with a warning; a different existing scheme is \
            kept, with a warning. An app.json without "expo" whose top level is a config (name, \
            slug, ios or android) is merged at the top level.

            app.config.js and app.config.ts are code and cannot be merged: print the keys and \
            paste them into the object the file returns.

            With --merge the file is written only when it changes; --dry-run prints the change as \
            a unified diff and writes nothing. Exit status: 0 when done, 2 when the configuration \
            or the file cannot be used.

            Examples:
              landfall config expo examples/demo/landfall.yml
              landfall config expo examples/demo/landfall.yml --merge app.json --dry-run
              landfall config expo landfall.yml --app daily --merge app.json
            """
    )

    @OptionGroup var options: AppFileOptions

    /// The extensions of Expo configs written as code.
    static let codeExtensions: Set<String> = ["js", "ts", "mjs", "cjs", "mts", "cts"]

    func execute(in context: CommandContext) -> CommandOutput {
        var output = CommandOutput()
        if let merge = options.merge, Self.codeExtensions.contains(URL(fileURLWithPath: merge).pathExtension.lowercased()) {
            output.fail("\(merge) is code, which cannot be merged: run `landfall config expo \(options.file)` without --merge "
                        + "and paste the keys under \"expo\" into the config object it returns", status: .usageOrInputError)
            return output
        }
        guard let (site, plan) = options.plan(in: context, into: &output) else { return output }
        let generated = ExpoConfigWriter.text(for: plan, configuration: site.configuration)
        AppFileOutput.deliver(generated: generated, options: options, in: context, into: &output) { original throws(AppFileMergeError) in
            try ExpoConfigWriter.merge(plan, configuration: site.configuration, into: original)
        }
        return output
    }
}
