import AppSiteAssociation
import ArgumentParser
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// `landfall invites audit`: the newest entries of the invitations' audit log.
struct InvitesAuditCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Show the newest entries of the invitations' audit log: creations, redemptions, refusals, throttling, revocations.",
        discussion: """
            Every redemption the server answers is written to the audit log, and so is every \
            refused one (reason unknown, revoked, expired or used_up), every guess the server \
            throttled (reason address or global: too many failed guesses from one client \
            address, or from all addresses together), and every batch created and invitation \
            revoked. Client addresses are never stored: ADDRESS is the address hashed with that \
            day's salt, so that guesses from one address on one day show up together. The \
            newest entries come first.

            With --format json: an array of {"at", "action", "code", "reason", "addressHash"}, \
            as GET /v1/invites/audit answers.

            Examples:
              landfall invites audit
              landfall invites audit --limit 500 --format json --data-dir /var/lib/landfall
            """
    )

    /// The entries shown when --limit is not given.
    static let defaultLimit = 50
    /// The most entries one run shows.
    static let limits = 1...1000

    @Option(help: ArgumentHelp("How many entries to show, from 1 to \(limits.upperBound); \(defaultLimit) by default.", valueName: "n"))
    var limit = InvitesAuditCommand.defaultLimit

    @OptionGroup var output: OutputFormatOptions

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        guard Self.limits.contains(limit) else {
            throw ValidationError("--limit must be from 1 to \(Self.limits.upperBound); it is \(limit)")
        }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        let limit = self.limit
        let found = await storage.withStorage(in: context, mustExist: true, into: &result) { storage throws(StorageError) in
            try await storage.invitationAudit(limit: limit, before: nil)
        }
        guard let entries = found else { return result }
        switch output.format {
        case .json:
            result.standardOutput = JSONWriter.pretty.string(for: .array(entries.map(Self.json)))
        case .text:
            guard !entries.isEmpty else {
                result.print("The audit log is empty: nothing was created, redeemed or revoked yet.")
                return result
            }
            let rows = [["AT (UTC)", "ACTION", "CODE", "REASON", "ADDRESS"]] + entries.map { entry in
                [Self.text(entry.at), entry.action.rawValue, Self.code(entry.code), entry.reason ?? "-", entry.addressHash ?? "-"]
            }
            for (index, var line) in TextTable.lines(rows).enumerated() {
                if index == 0 {
                    line = context.style.paint(line, .bold)
                } else if [.refused, .throttled].contains(entries[index - 1].action) {
                    line = context.style.paint(line, .yellow)
                }
                result.print(line)
            }
        }
        return result
    }

    /// An entry as `GET /v1/invites/audit` writes it.
    static func json(_ entry: InvitationAuditEntry) -> JSONValue {
        .object([
            ("at", .string(entry.at.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))),
            ("action", .string(entry.action.rawValue)),
            ("code", .string(entry.code)),
            ("reason", entry.reason.map { .string($0) } ?? .null),
            ("addressHash", entry.addressHash.map { .string($0) } ?? .null),
        ])
    }

    /// An entry's code as people read it: formatted when it is a code (the log stores codes
    /// normalized), else as entered, on one line.
    static func code(_ text: String) -> String {
        InvitationAuditEntry.shownCode(text)
    }

    /// `2026-11-21 17:30:05`, in UTC: to the second, since guesses come fast.
    static func text(_ date: Date) -> String {
        let iso = date.formatted(Date.ISO8601FormatStyle())  // 2026-11-21T17:30:05Z
        return String(iso.replacingOccurrences(of: "T", with: " ").dropLast())
    }
}
