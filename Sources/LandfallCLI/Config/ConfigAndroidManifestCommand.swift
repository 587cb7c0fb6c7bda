import ArgumentParser
import LandfallSite

/// `landfall config android-manifest FILE`: the Android app's intent filters for the site's
/// links, in a minimal manifest or merged into the app's `AndroidManifest.xml`.
struct ConfigAndroidManifestCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "android-manifest",
        abstract: "Print the Android app's intent filters for the site's links, or merge them into its AndroidManifest.xml.",
        discussion: """
            The filters go in the activity links open (android.activity in landfall.yml, \
            default .MainActivity): an App Links filter (android:autoVerify="true") for the site \
            host, its aliases and the interstitial host with one path rule per route the app \
            opens, one for the link host's short links, and one without autoVerify for the \
            custom schemes. Each path rule is commented with the routes it stands for.

            Routes that stay on the web (opensApp: false) cannot be excluded in a manifest: \
            Android 15 reads the exclusions from the served assetlinks.json \
            (dynamic_app_link_components); earlier versions open the app for every path a rule \
            covers. The generated block says so.

            The manifest is app/src/main/AndroidManifest.xml in an Android Studio project. \
            Printed, the output is a whole minimal manifest that `landfall android match` reads; \
            with --merge, the block between <!-- landfall:begin ... --> and <!-- landfall:end --> \
            is replaced (or, the first time, inserted before the activity's </activity>), and \
            every other byte of the file stays. Filters you wrote yourself that also claim the \
            site's hosts or schemes are reported as warnings. --dry-run prints the change as a \
            unified diff and writes nothing. Exit status: 0 when done, 2 when the configuration \
            or the file cannot be used.

            Examples:
              landfall config android-manifest examples/demo/landfall.yml
              landfall config android-manifest examples/demo/landfall.yml --merge app/src/main/AndroidManifest.xml --dry-run
              landfall config android-manifest landfall.yml --merge app/src/main/AndroidManifest.xml --activity .LinkActivity
            """
    )

    @OptionGroup var options: AppFileOptions

    @Option(help: ArgumentHelp(
        "The activity to put the filters in, as the manifest's android:name writes it or fully qualified (default: android.activity in landfall.yml).",
        valueName: "name"))
    var activity: String?

    func validate() throws {
        if activity?.isEmpty == true {
            throw ValidationError("--activity needs an activity's android:name, such as .MainActivity")
        }
    }

    func execute(in context: CommandContext) -> CommandOutput {
        var output = CommandOutput()
        guard let (_, plan) = options.plan(in: context, into: &output) else { return output }
        // The printed manifest declares the activity the filters are for.
        var printed = plan
        if let activity { printed.app.android?.activity = activity }
        let document: String
        do {
            document = try AndroidManifestWriter.document(for: printed)
        } catch {
            output.fail(error.description, status: .usageOrInputError)
            return output
        }
        AppFileOutput.deliver(generated: document, options: options, in: context, into: &output) { original throws(AppFileMergeError) in
            try AndroidManifestWriter.merge(plan, into: original, activity: activity)
        }
        return output
    }
}
