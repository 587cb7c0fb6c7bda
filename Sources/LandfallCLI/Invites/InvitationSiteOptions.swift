import ArgumentParser
import LandfallLinks
import LandfallServer
import LandfallSite

/// `--config FILE`: the site configuration whose `invitations:` route makes the invitation
/// URLs the `invites` commands print; the built-in demo's when absent.
struct InvitationSiteOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("config"),
            help: ArgumentHelp("The site configuration (landfall.yml) whose invitations route makes the URLs; the built-in demo's (https://daily.example.com/invites/CODE) when absent.",
                               valueName: "file"))
    var configuration: String?

    /// The site the URLs come from: the file's, or the demo's. `nil` when the file cannot be
    /// read or has an error, each reported into `output`.
    func site(in context: CommandContext, into output: inout CommandOutput) -> Site? {
        if let configuration {
            return SiteConfigurationInput.site(configuration, in: context, into: &output)
        }
        guard case .embedded(let name, let files, _) = SiteSource.demo, let text = files["landfall.yml"] else {
            output.fail("the built-in demo has no landfall.yml", status: .usageOrInputError)
            return nil
        }
        do {
            return try SiteConfigurationReader.site(yaml: text, source: name)
        } catch {
            output.fail("\(error)", status: .usageOrInputError)
            return nil
        }
    }
}

extension Site {
    /// The invitation URL of `invitation`, or `nil` when the site has no `invitations:` section.
    func invitationURL(_ invitation: Invitation) -> String? {
        invitationURL(code: invitation.code.formatted)
    }
}
