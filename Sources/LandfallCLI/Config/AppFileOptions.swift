import ArgumentParser
import LandfallSite

/// The arguments every `landfall config` command that writes an app-side file shares: the
/// site configuration, which app, and whether to merge into the app's existing file.
struct AppFileOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The site configuration (landfall.yml), or - to read standard input.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The app, by its name in landfall.yml's apps; needed when there are several.", valueName: "name"))
    var app: String?

    @Option(help: ArgumentHelp(
        "Merge into this existing file instead of printing: only the generated part changes, every other key, comment and line stays.",
        valueName: "file"))
    var merge: String?

    @Flag(name: .customLong("dry-run"), help: "With --merge: print the changes as a unified diff and write nothing.")
    var dryRun = false

    func validate() throws {
        if dryRun, merge == nil {
            throw ValidationError("--dry-run shows what --merge would change: give --merge FILE too")
        }
        if merge == InputFile.standardInputArgument {
            throw ValidationError("--merge needs a file to change, not standard input")
        }
        if merge?.isEmpty == true {
            throw ValidationError("--merge needs a file name")
        }
        if app?.isEmpty == true {
            throw ValidationError("--app needs the app's name in landfall.yml, such as daily")
        }
    }

    /// The checked site and the plan for the chosen app; `nil` (with every problem written to
    /// `output`) when the configuration cannot be used or names no such app.
    func plan(in context: CommandContext, into output: inout CommandOutput) -> (site: Site, plan: AppLinkPlan)? {
        guard let site = SiteConfigurationInput.site(file, in: context, into: &output) else { return nil }
        do {
            return (site, try AppLinkPlan(for: app, in: site.configuration))
        } catch {
            output.fail(error.description, status: .usageOrInputError)
            return nil
        }
    }
}
