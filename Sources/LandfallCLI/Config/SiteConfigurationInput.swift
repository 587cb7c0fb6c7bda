import LandfallSite

/// Reads a site configuration named on the command line and checks it, turning every way that
/// can fail into what the command prints and the status it ends with.
enum SiteConfigurationInput {
    /// The file's checked contents: the site when it has no error, and every issue.
    static func check(_ argument: String, in context: CommandContext, into output: inout CommandOutput)
        -> (site: Site?, issues: [SiteIssue], source: String)? {
        let input: InputFile
        do {
            input = try InputFile.read(argument, in: context)
        } catch {
            output.fail(error.description, status: .usageOrInputError)
            return nil
        }
        guard let text = String(bytes: input.bytes, encoding: .utf8) else {
            output.fail("\(input.nameInSentence) is not UTF-8 text", status: .usageOrInputError)
            return nil
        }
        let check = SiteConfigurationReader.check(yaml: text, source: input.displayName)
        return (check.site, check.issues, input.displayName)
    }
}
