import ArgumentParser
import Foundation
import LandfallLinks
import LandfallStorage

/// `landfall invites export --output FILE.csv`: every invitation as CSV.
struct InvitesExportCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every invitation to a CSV file, as GET /v1/invites?format=csv does.",
        discussion: """
            The file has a header line and one line per invitation, newest batch first: \
            code,url,batch,uses,redeemed,uses_left,status,expires_at,note,campaign,created_at,revoked_at. \
            Times are RFC 3339 in UTC; a status is judged now. A field that a spreadsheet would \
            read as a formula (starting with =, +, - or @) is written with a leading apostrophe. \
            An existing file is replaced; `--output -` writes to standard output.

            Examples:
              landfall invites export --output invitations.csv
              landfall invites export --output - --config landfall.yml --database-url postgres://db.internal/landfall
            """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("The CSV file to write, or - for standard output.", valueName: "file"))
    var output: String

    @OptionGroup var site: InvitationSiteOptions

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        guard !output.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("--output must name a file (or - for standard output); it is empty")
        }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        guard let site = self.site.site(in: context, into: &result) else { return result }
        let now = Date()
        let found = await storage.withStorage(in: context, mustExist: true, into: &result) { storage throws(StorageError) in
            try await storage.invitations(InvitationQuery(now: now, limit: nil))
        }
        guard let invitations = found else { return result }
        let csv = Invitation.csv(invitations, url: site.invitationURL, now: now)
        if output == InputFile.standardInputArgument {
            result.standardOutput = csv
            return result
        }
        do {
            try Data(csv.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            result.fail("cannot write \"\(output)\": \(Self.reason(error))", status: .usageOrInputError)
            return result
        }
        result.print("Wrote \(invitations.count) invitation\(invitations.count == 1 ? "" : "s") to \(output).")
        return result
    }

    /// Why a write failed, in words.
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            switch code {
            case .ENOENT: return "its directory does not exist"
            case .EACCES, .EPERM: return "permission denied"
            case .EISDIR: return "it is a directory"
            default: break
            }
        }
        return error.localizedDescription
    }
}
