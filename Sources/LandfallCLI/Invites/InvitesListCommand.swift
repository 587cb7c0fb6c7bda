import AppSiteAssociation
import ArgumentParser
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// `landfall invites list`: the invitations, newest batch first, filtered by batch and status.
struct InvitesListCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List invitations, newest batch first: code, status, uses, expiry and URL.",
        discussion: """
            Invitations are listed batch by batch, newest first, and by code within a batch. \
            A status is judged now: active (it can be redeemed), revoked, expired or used_up \
            (redeemed as many times as it may be). Times are UTC.

            With --format json: an array of invitations as GET /v1/invites/{code} answers them; \
            with --format csv: the CSV of `invites export`, only the invitations listed.

            Examples:
              landfall invites list
              landfall invites list --status active --format csv > active.csv
              landfall invites list --batch 019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11 --config landfall.yml
            """
    )

    @Option(help: ArgumentHelp("Only the invitations of this batch (the id `invites create` printed).", valueName: "id"))
    var batch: String?

    @Option(help: "Only the invitations with this status now.")
    var status: InvitationStatus?

    @Option(help: "How to print the invitations: text for people, json or csv for machines.")
    var format: InvitationFormat = .text

    @OptionGroup var site: InvitationSiteOptions

    @OptionGroup var storage: StorageOptions

    /// The batch id as given, without surrounding spaces.
    var batchID: String? { batch?.trimmingCharacters(in: .whitespaces) }

    func validate() throws {
        if let batchID, batchID.isEmpty { throw ValidationError("--batch must be a batch id, as `invites create` prints it; it is empty") }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        guard let site = self.site.site(in: context, into: &output) else { return output }
        let now = Date()
        let query = InvitationQuery(batchID: batchID, status: status, now: now, limit: nil)
        let found = await storage.withStorage(in: context, mustExist: true, into: &output) { storage throws(StorageError) in
            try await storage.invitations(query)
        }
        guard let invitations = found else { return output }
        switch format {
        case .json:
            output.standardOutput = JSONWriter.pretty.string(for: .array(invitations.map { $0.jsonValue(url: site.invitationURL($0), now: now) }))
        case .csv:
            output.standardOutput = Invitation.csv(invitations, url: site.invitationURL, now: now)
        case .text:
            guard !invitations.isEmpty else {
                output.print(Self.nothingFound(batchID: batchID, status: status))
                return output
            }
            for line in InvitationText.lines(invitations, url: site.invitationURL, now: now, style: context.style) {
                output.print(line)
            }
        }
        return output
    }

    /// What to say when no invitation matches the filters.
    static func nothingFound(batchID: String?, status: InvitationStatus?) -> String {
        switch (batchID, status) {
        case (nil, nil): "No invitations yet. Create some with: landfall invites create --count N"
        case (let batchID?, nil): "No invitation is in the batch \(TerminalText.visible(batchID))."
        case (nil, let status?): "No invitation has the status \(status.rawValue)."
        case (let batchID?, let status?): "No invitation of the batch \(TerminalText.visible(batchID)) has the status \(status.rawValue)."
        }
    }
}
