import Foundation
import LandfallCards
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
        guard let site = check.site, !input.isStandardInput else { return (check.site, check.issues, input.displayName) }
        // The files the cards name, read as `landfall serve` reads them (beside the file).
        let folder = URL(fileURLWithPath: input.argument).deletingLastPathComponent()
        do {
            _ = try CardAssets.load(site.configuration, folder: folder.path) { path in
                FileManager.default.contents(atPath: folder.appendingPathComponent(path).path).map { [UInt8]($0) }
            }
        } catch {
            let issues = error.problems.map { problem in
                SiteIssue(.error, path: problem.path, message: (problem.route.map { "the card of '\($0)': " } ?? "") + problem.message)
            }
            return (nil, check.issues + issues, input.displayName)
        }
        return (site, check.issues, input.displayName)
    }

    /// The built site, for commands that print something derived from it; `nil` when the file
    /// cannot be read or has an error, with every issue written to standard error and the
    /// status raised to "problems found".
    static func site(_ argument: String, in context: CommandContext, into output: inout CommandOutput) -> Site? {
        guard let (site, issues, source) = check(argument, in: context, into: &output) else { return nil }
        guard let site else {
            for issue in issues { output.printError(issue.description(in: source)) }
            output.raise(to: .problemsFound)
            return nil
        }
        return site
    }
}
