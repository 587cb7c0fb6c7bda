import ArgumentParser
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallServer
import LandfallSite
import LandfallStorage

/// `landfall links create --target URL`: one short link, checked as `POST /v1/links` checks it.
struct LinksCreateCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a short link and print its URL.",
        discussion: """
            The options are the fields of POST /v1/links, and the link is checked as the API \
            checks it, against the site given with --config (the built-in demo's without it): \
            the link host, the slug policy (reserved and malformed slugs), the destination \
            allowlist (no open redirect), a slug already taken, an expiry in the past. Without \
            --slug, a random slug is drawn. Prints the short URL on standard output (with \
            --format json: the link as the API returns it) and what was created on standard error.

            --expires takes an RFC 3339 time (2026-12-31T00:00:00Z) or a day (2026-12-31, \
            midnight UTC); --expires-in a duration from now (90m, 12h, 30d). --data KEY=VALUE \
            (repeatable) is handed to the app with the deep link. --card NAME draws the link's \
            share card from the site's card template NAME (cards: in landfall.yml) instead of \
            its target route's card.

            A running server on the same SQLite database serves the new link at once (it is \
            looked up when first clicked); a change to an existing link reaches it within its \
            link cache's time to live (10 s), and other PostgreSQL instances at once.

            Examples:
              landfall links create --target https://daily.example.com/puzzle/2026-11-21
              landfall links create --target https://daily.example.com/winter --slug winter --title 'Winter League' \\
                --campaign winter-league --expires 2026-12-31 --max-clicks 1000 --config landfall.yml
              landfall links create --target https://daily.example.com/ --ios https://apps.apple.com/app/id123 --format json
            """
    )

    @Option(help: ArgumentHelp("Where the link leads: an http(s) URL the site allows.", valueName: "url"))
    var target: String

    @Option(help: ArgumentHelp("A custom slug (the path of the short URL); a random one when absent.", valueName: "slug"))
    var slug: String?

    @Option(help: ArgumentHelp("The link host: one of hosts.links; the first of them when absent.", valueName: "host"))
    var host: String?

    @Option(help: ArgumentHelp("Where the link leads on iOS (overrides.ios).", valueName: "url"))
    var ios: String?

    @Option(help: ArgumentHelp("Where the link leads on Android (overrides.android).", valueName: "url"))
    var android: String?

    @Option(help: ArgumentHelp("Where the link leads on a computer (overrides.desktop).", valueName: "url"))
    var desktop: String?

    @Option(help: ArgumentHelp("The title link previews show (preview.title).", valueName: "text"))
    var title: String?

    @Option(help: ArgumentHelp("The description link previews show (preview.description).", valueName: "text"))
    var description: String?

    @Option(help: ArgumentHelp("The image link previews show, an http(s) URL (preview.imageURL).", valueName: "url"))
    var image: String?

    @Option(help: ArgumentHelp("The campaign name (campaign.name, utm_campaign).", valueName: "name"))
    var campaign: String?

    @Option(name: .customLong("campaign-source"), help: ArgumentHelp("The campaign source (campaign.source, utm_source).", valueName: "text"))
    var campaignSource: String?

    @Option(name: .customLong("campaign-medium"), help: ArgumentHelp("The campaign medium (campaign.medium, utm_medium).", valueName: "text"))
    var campaignMedium: String?

    @Option(name: .customLong("campaign-term"), help: ArgumentHelp("The campaign term (campaign.term, utm_term).", valueName: "text"))
    var campaignTerm: String?

    @Option(name: .customLong("campaign-content"), help: ArgumentHelp("The campaign content (campaign.content, utm_content).", valueName: "text"))
    var campaignContent: String?

    @Option(help: ArgumentHelp("Data handed to the app with the link, KEY=VALUE; repeat for more.", valueName: "key=value"))
    var data: [String] = []

    @Option(help: ArgumentHelp("When the link stops working: an RFC 3339 time or a day (UTC).", valueName: "time"))
    var expires: String?

    @Option(name: .customLong("expires-in"), help: ArgumentHelp("How long from now the link works: 90m, 12h, 30d.", valueName: "duration"))
    var expiresIn: String?

    @Option(name: .customLong("max-clicks"), help: ArgumentHelp("After how many clicks the link stops working.", valueName: "n"))
    var maxClicks: Int?

    @Option(help: ArgumentHelp("The site's card template (cards: in landfall.yml) the link's share card is drawn from; its route's card when absent.",
                               valueName: "name"))
    var card: String?

    @Flag(help: "Create the link disabled (it answers 410 until enabled).")
    var disabled = false

    @Option(help: "How to print the link: text (its short URL) or json (the link as the API returns it).")
    var format: LinkFormat = .text

    @OptionGroup var site: LinkSiteOptions

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        if expires != nil && expiresIn != nil {
            throw ValidationError("give --expires (a time) or --expires-in (a duration), not both")
        }
        _ = try expiry(now: Date())
        _ = try draft(now: Date())
    }

    /// When the link expires, for a link created at `now` (an expiry in the past is the
    /// writer's to refuse, in the API's words).
    func expiry(now: Date) throws(ValidationError) -> Date? {
        if let expires {
            guard let date = InvitesCreateCommand.date(expires) else {
                throw ValidationError("--expires must be an RFC 3339 time such as 2026-12-31T00:00:00Z, or a day such as 2026-12-31; '\(expires)' is neither")
            }
            return date
        }
        guard let expiresIn else { return nil }
        do {
            return now.addingTimeInterval(try DurationText(parsing: expiresIn).seconds)
        } catch {
            throw ValidationError("--expires-in: \(error.message)")
        }
    }

    /// The link to create, read with the API's checks of each field.
    func draft(now: Date) throws(ValidationError) -> LinkDraft {
        var fields: [(field: String, text: String)] = [
            ("target", target), ("slug", slug ?? ""), ("host", host ?? ""), ("overrides.ios", ios ?? ""),
            ("overrides.android", android ?? ""), ("overrides.desktop", desktop ?? ""), ("preview.title", title ?? ""),
            ("preview.description", description ?? ""), ("preview.imageURL", image ?? ""), ("campaign.name", campaign ?? ""),
            ("campaign.source", campaignSource ?? ""), ("campaign.medium", campaignMedium ?? ""),
            ("campaign.term", campaignTerm ?? ""), ("campaign.content", campaignContent ?? ""),
            ("maxClicks", maxClicks.map(String.init) ?? ""), ("disabled", disabled ? "true" : ""), ("card", card ?? ""),
        ]
        for (option, value) in [("--target", target), ("--slug", slug), ("--host", host), ("--title", title), ("--card", card)] where value?.isEmpty == true {
            throw ValidationError("\(option) is empty; give a value or leave it out")
        }
        for entry in data {
            guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
                throw ValidationError("--data must be KEY=VALUE, such as --data invitedBy=ada; '\(entry)' is not")
            }
            fields.append(("data." + entry[..<equals], String(entry[entry.index(after: equals)...])))
        }
        do {
            var draft = try LinkDraft(fields: fields)
            draft.expiresAt = try expiry(now: now)
            return draft
        } catch let error as InvalidRequestBody {
            throw ValidationError(error.errors.map { "\(LinkCommandSupport.optionName($0.field)): \($0.message)" }.joined(separator: "\n"))
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        guard let site = self.site.site(in: context, into: &output) else { return output }
        let draft: LinkDraft
        do {
            draft = try self.draft(now: Date())
        } catch {
            output.fail(error.message, status: .usageOrInputError)
            return output
        }
        let created = await LinkCommandSupport.withWriter(storage, site: site, mustExist: false, in: context, into: &output) { writer, _ in
            try await writer.create([draft])
        }
        guard let link = created?.first else { return output }
        switch format {
        case .json: output.standardOutput = JSONWriter.pretty.string(for: link.json)
        case .text: output.print(TerminalText.visible(link.url))
        }
        output.printError("Created \(TerminalText.visible(link.url)) → \(TerminalText.visible(link.target)) (id \(link.id)).")
        return output
    }
}

/// How `links create` and `links show` print a link: `text` for people, `json` as the API.
enum LinkFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// Lines for people.
    case text
    /// The link as the API returns it.
    case json
}
