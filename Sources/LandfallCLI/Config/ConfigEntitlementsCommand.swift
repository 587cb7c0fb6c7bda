import ArgumentParser
import LandfallSite

/// `landfall config entitlements FILE`: the iOS app's `.entitlements` with the associated
/// domains the site's association files serve, printed or merged into the app's file.
struct ConfigEntitlementsCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "entitlements",
        abstract: "Print the iOS app's .entitlements (its Associated Domains), or merge them into the app's file.",
        discussion: """
            The com.apple.developer.associated-domains array names every host whose \
            apple-app-site-association lists the app: applinks: for the site host, its aliases, \
            the interstitial host and the link host, webcredentials: for the site host and its \
            aliases when ios.webCredentials is true, and ?mode=developer on hosts.development.

            In Xcode, the file is the one the target's build setting CODE_SIGN_ENTITLEMENTS \
            names (Signing & Capabilities shows it as Associated Domains). Merging replaces only \
            that array: every other capability, comment and line stays. Entries for hosts that \
            are not in landfall.yml are kept after the generated ones, with a warning.

            A new or changed entitlement needs a fresh build, and the provisioning profile must \
            include the Associated Domains capability (Xcode's automatic signing adds it; with \
            manual signing, enable it for the App ID and download the profile again).

            With --merge the file is written only when it changes; --dry-run prints the change as \
            a unified diff and writes nothing. Exit status: 0 when done, 2 when the configuration \
            or the file cannot be used.

            Examples:
              landfall config entitlements examples/demo/landfall.yml
              landfall config entitlements examples/demo/landfall.yml --merge DailyPuzzle/DailyPuzzle.entitlements --dry-run
              landfall config entitlements landfall.yml --app daily --merge DailyPuzzle/DailyPuzzle.entitlements
            """
    )

    @OptionGroup var options: AppFileOptions

    func execute(in context: CommandContext) -> CommandOutput {
        var output = CommandOutput()
        guard let (_, plan) = options.plan(in: context, into: &output) else { return output }
        let document: String
        do {
            document = try EntitlementsWriter.document(for: plan)
        } catch {
            output.fail(error.description, status: .usageOrInputError)
            return output
        }
        AppFileOutput.deliver(generated: document, options: options, in: context, into: &output) { original throws(AppFileMergeError) in
            try EntitlementsWriter.merge(plan, into: original)
        }
        return output
    }
}
