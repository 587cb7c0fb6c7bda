import AppSiteAssociation
import ArgumentParser
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallSite
import LandfallStorage

/// `landfall invites create --count N`: a batch of invitations, printed with their URLs.
struct InvitesCreateCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a batch of invitations and print their codes and URLs.",
        discussion: """
            Prints one invitation per line on standard output, its code and its URL, and what \
            the batch is on standard error, so that a script can capture the codes:

              landfall invites create --count 3 --uses 1 --expires-in 7d --campaign beta > codes.txt

            The URLs come from the `invitations:` route of the site configuration given with \
            --config (without it, from the built-in demo's, https://daily.example.com/invites/CODE); \
            a site without that section has no invitation URLs, and only codes are printed. \
            Every invitation of one run shares a batch id, which `invites list --batch` and \
            `invites revoke --batch` take.

            --expires takes an RFC 3339 time (2026-12-31T00:00:00Z) or a day (2026-12-31, \
            midnight UTC); --expires-in a duration from now (90m, 12h, 30d). Without either, \
            invitations never expire. The note is for whoever manages invitations and is never \
            shown to the invitee; the campaign is counted with redemptions in the statistics.

            With --format json: {"batch": ID, "invitations": [...]}, each invitation as \
            GET /v1/invites/{code} answers. With --format csv: the CSV of `invites export`.

            Examples:
              landfall invites create --count 10
              landfall invites create --count 500 --uses 3 --expires 2026-12-31 --campaign launch
              landfall invites create --count 20 --expires-in 30d --note 'press kit' --config landfall.yml
              landfall invites create --count 1 --format json --data-dir /var/lib/landfall
            """
    )

    @Option(help: ArgumentHelp("How many invitations to create, from 1 to \(InvitationLimits.batchCount.upperBound).", valueName: "n"))
    var count: Int

    @Option(help: ArgumentHelp("How many times each may be redeemed, from 1 to \(InvitationLimits.uses.upperBound).", valueName: "k"))
    var uses = 1

    @Option(help: ArgumentHelp("When they stop being redeemable: an RFC 3339 time or a day (UTC).", valueName: "time"))
    var expires: String?

    @Option(name: .customLong("expires-in"),
            help: ArgumentHelp("How long from now they can be redeemed: 90m, 12h, 30d.", valueName: "duration"))
    var expiresIn: String?

    @Option(help: ArgumentHelp("A note for whoever manages invitations (at most \(InvitationLimits.noteLength) characters).", valueName: "text"))
    var note: String?

    @Option(help: ArgumentHelp("The campaign redemptions are counted under (at most \(InvitationLimits.campaignLength) characters).", valueName: "name"))
    var campaign: String?

    @Option(help: "How to print the invitations: text for people, json or csv for machines.")
    var format: InvitationFormat = .text

    @OptionGroup var site: InvitationSiteOptions

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        guard InvitationLimits.batchCount.contains(count) else {
            throw ValidationError("--count must be from 1 to \(InvitationLimits.batchCount.upperBound); it is \(count)")
        }
        guard InvitationLimits.uses.contains(uses) else {
            throw ValidationError("--uses must be from 1 to \(InvitationLimits.uses.upperBound); it is \(uses)")
        }
        if expires != nil && expiresIn != nil {
            throw ValidationError("give --expires (a time) or --expires-in (a duration), not both")
        }
        _ = try expiry(now: Date())
        if let problem = Self.problem(withText: note, limit: InvitationLimits.noteLength, allowsLineBreaks: true) {
            throw ValidationError("--note \(problem)")
        }
        if let problem = Self.problem(withText: campaign, limit: InvitationLimits.campaignLength, allowsLineBreaks: false) {
            throw ValidationError("--campaign \(problem)")
        }
    }

    /// When the invitations expire, for a batch created at `now`.
    ///
    /// - Throws: `ValidationError` for a time or duration that cannot be read, or an expiry
    ///   that is not after `now`.
    func expiry(now: Date) throws(ValidationError) -> Date? {
        if let expires {
            guard let date = Self.date(expires) else {
                throw ValidationError("--expires must be an RFC 3339 time such as 2026-12-31T00:00:00Z, or a day such as 2026-12-31; '\(expires)' is neither")
            }
            guard date > now else {
                throw ValidationError("--expires \(expires) is in the past; the invitations would be born expired")
            }
            return date
        }
        if let expiresIn {
            let duration: DurationText
            do {
                duration = try DurationText(parsing: expiresIn)
            } catch {
                throw ValidationError("--expires-in: \(error.message)")
            }
            guard duration.seconds > 0 else {
                throw ValidationError("--expires-in must be longer than 0s; the invitations would be born expired")
            }
            return now.addingTimeInterval(duration.seconds)
        }
        return nil
    }

    /// The moment of an RFC 3339 time (with or without fractional seconds), or of midnight
    /// UTC at the start of a day `YYYY-MM-DD`; `nil` for anything else, a day that is not in
    /// the calendar (2031-02-30) or a time that is not on the clock (24:00) included.
    static func date(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let shape = /(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2})))?/
        guard let match = trimmed.wholeMatch(of: shape),
              let year = Int(match.1), let month = Int(match.2), let day = Int(match.3) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        guard DateComponents(year: year, month: month, day: day).isValidDate(in: calendar) else { return nil }
        let clock = [(match.4, 23), (match.5, 59), (match.6, 59), (match.7, 23), (match.8, 59)]
        guard clock.allSatisfy({ part, limit in part.map { Int($0).map { $0 <= limit } ?? false } ?? true }) else { return nil }
        let styles: [Date.ISO8601FormatStyle] = [
            Date.ISO8601FormatStyle(),
            Date.ISO8601FormatStyle(includingFractionalSeconds: true),
            Date.ISO8601FormatStyle().year().month().day(),
        ]
        for style in styles {
            if let date = try? style.parse(trimmed) { return date }
        }
        return nil
    }

    /// What is wrong with an optional text option, or `nil` when it is absent or good.
    static func problem(withText text: String?, limit: Int, allowsLineBreaks: Bool) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "is empty; leave it out instead" }
        let length = trimmed.unicodeScalars.count
        if length > limit { return "must be at most \(limit) characters; it has \(length)" }
        let allowed: Set<Unicode.Scalar> = allowsLineBreaks ? ["\n"] : []
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !allowed.contains($0) }) {
            return allowsLineBreaks ? "must be text without control characters such as tabs"
                : "must be one line of text, without control characters such as tabs or line breaks"
        }
        return nil
    }

    /// The batch as it is stored: texts without surrounding spaces.
    func draft(now: Date) throws(ValidationError) -> InvitationBatchDraft {
        InvitationBatchDraft(count: count, uses: uses, expiresAt: try expiry(now: now),
                             note: note?.trimmingCharacters(in: .whitespacesAndNewlines),
                             campaign: campaign?.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        guard let site = self.site.site(in: context, into: &output) else { return output }
        let now = Date()
        let draft: InvitationBatchDraft
        do {
            draft = try self.draft(now: now)
        } catch {
            output.fail(error.message, status: .usageOrInputError)
            return output
        }
        let created = await storage.withStorage(in: context, mustExist: false, into: &output) { storage throws(StorageError) in
            try await storage.createInvitations(draft, at: now)
        }
        guard let (batchID, invitations) = created else { return output }
        switch format {
        case .json:
            output.standardOutput = JSONWriter.pretty.string(for: .object([
                ("batch", .string(batchID)),
                ("invitations", .array(invitations.map { $0.jsonValue(url: site.invitationURL($0), now: now) })),
            ]))
        case .csv:
            output.standardOutput = Invitation.csv(invitations, url: site.invitationURL, now: now)
        case .text:
            for invitation in invitations {
                output.print(TerminalText.visible([invitation.code.formatted, site.invitationURL(invitation)].compactMap { $0 }.joined(separator: "  ")))
            }
        }
        var summary = "Created \(invitations.count) invitation\(invitations.count == 1 ? "" : "s") in batch \(batchID)"
        summary += ", \(draft.uses) use\(draft.uses == 1 ? "" : "s") each"
        summary += draft.expiresAt.map { ", expiring \(KeysListCommand.text($0)) UTC" } ?? ", never expiring"
        if let campaign = draft.campaign { summary += ", campaign \(TerminalText.visible(campaign))" }
        output.printError(summary + ".")
        if site.configuration.invitations == nil {
            output.printError("The site has no `invitations:` section, so the invitations have no URLs; add one to its landfall.yml.")
        }
        output.printError("Revoke them all with:  landfall invites revoke --batch \(batchID)\(storage.arguments)")
        return output
    }
}
