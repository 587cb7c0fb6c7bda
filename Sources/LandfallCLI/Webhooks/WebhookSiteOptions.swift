import ArgumentParser
import LandfallSite

/// `--config FILE` of `landfall webhooks add`: the site configuration whose
/// `webhooks.allowPrivateNetworks` decides which URLs are accepted; the built-in demo's (which
/// allows private networks) when absent.
struct WebhookSiteOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("config"),
            help: ArgumentHelp("The site configuration (landfall.yml) whose webhooks.allowPrivateNetworks decides which URLs are accepted; the built-in demo's (which allows private networks) when absent.",
                               valueName: "file"))
    var configuration: String?

    /// The site: the file's, or the demo's. `nil` after reporting into `output` when the file
    /// cannot be read or has an error.
    func site(in context: CommandContext, into output: inout CommandOutput) -> Site? {
        var options = InvitationSiteOptions()
        options.configuration = configuration
        return options.site(in: context, into: &output)
    }
}
