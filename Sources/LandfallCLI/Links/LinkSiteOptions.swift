import ArgumentParser
import Foundation
import LandfallLinks
import LandfallServer
import LandfallSite
import LandfallStorage

/// `--config FILE` of the `links` commands: the site configuration whose link host, slug
/// policy and destination allowlist links are checked against; the built-in demo's when absent.
struct LinkSiteOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("config"),
            help: ArgumentHelp("The site configuration (landfall.yml) whose link host, slug policy and destination allowlist apply; the built-in demo's (go.daily.example.com) when absent.",
                               valueName: "file"))
    var configuration: String?

    /// The site: the file's, or the demo's (read as `invites` reads it). `nil` after reporting
    /// into `output` when the file cannot be read or has an error.
    func site(in context: CommandContext, into output: inout CommandOutput) -> Site? {
        var options = InvitationSiteOptions()
        options.configuration = configuration
        return options.site(in: context, into: &output)
    }
}

/// How the `links` commands find a link named on the command line, open the storage with a
/// ``LinkWriter``, and report the writer's refusals.
enum LinkCommandSupport {
    /// A problem a `links` command reports: its message and exit status.
    typealias Failure = CommandFailure

    /// Opens the storage, runs `body` with it and a writer for `site`, and reports a refusal
    /// (``APIError``) or failure into `output`; `nil` when `body` did not finish.
    static func withWriter<Result>(_ storageOptions: StorageOptions, site: Site, mustExist: Bool, in context: CommandContext,
                                   into output: inout CommandOutput,
                                   option: @escaping (String) -> String = optionName,
                                   _ body: (LinkWriter, Storage) async throws -> Result) async -> Result? {
        await storageOptions.withStorage(in: context, mustExist: mustExist, into: &output, translating: { error in
            (error as? APIError).map { Failure(message: message(of: $0, option: option), status: status(of: $0)) }
        }) { storage in
            try await body(LinkWriter(storage: storage, site: site), storage)
        }
    }

    /// A refusal in the words of the API, led by the option (or CSV place) at fault.
    static func message(of error: APIError, option: (String) -> String) -> String {
        guard let field = error.field else { return TerminalText.visible(error.message) }
        var message = error.message
        if message.hasPrefix(field + ": ") { message.removeFirst(field.count + 2) }
        return TerminalText.visible("\(option(field)): \(message)")
    }

    /// Bad input (2) for a refusal of what was asked; a problem found (1) otherwise.
    static func status(of error: APIError) -> CommandStatus {
        switch error.code {
        case .invalidBody, .invalidSlug, .destinationRefused, .unknownCard: .usageOrInputError
        default: .problemsFound
        }
    }

    /// The option of `landfall links create` that gives an API field.
    static func optionName(_ field: String) -> String {
        let options = [
            "target": "--target", "slug": "--slug", "host": "--host", "overrides.ios": "--ios", "overrides.android": "--android",
            "overrides.desktop": "--desktop", "preview.title": "--title", "preview.description": "--description",
            "preview.imageURL": "--image", "campaign.name": "--campaign", "campaign.source": "--campaign-source",
            "campaign.medium": "--campaign-medium", "campaign.term": "--campaign-term", "campaign.content": "--campaign-content",
            "expiresAt": "--expires", "maxClicks": "--max-clicks", "disabled": "--disabled", "card": "--card",
        ]
        if let option = options[field] { return option }
        if field.hasPrefix("data") { return "--data" }
        return field
    }

    /// The link `reference` names: a link id, its short URL (`https://go.example.com/spring`),
    /// or a slug on one of the site's link hosts (when only one has it).
    ///
    /// - Throws: ``Failure`` (status 1) naming the reference when no link matches.
    static func link(_ reference: String, site: Site, storage: Storage) async throws -> ShortLink {
        let text = reference.trimmingCharacters(in: .whitespaces)
        let hosts = site.configuration.hosts
        /// The link with `slug` on `host`, looked up as the server does (without case where the host ignores it).
        func link(host: String, slug: String) async throws -> ShortLink? {
            guard let linkHost = hosts.linkHost(named: host) else { return try await storage.link(host: host, slug: slug) }
            return try await linkHost.firstLink(for: slug) { candidate throws(StorageError) in try await storage.link(host: host, slug: candidate) }
        }
        var found: ShortLink?
        if let id = LinkID(text) {
            found = try await storage.link(id: id)
        } else if text.contains("://") {
            if let components = URLComponents(string: text), let host = components.host?.lowercased(), !host.isEmpty {
                let slug = String(components.path.drop { $0 == "/" })
                if !slug.isEmpty { found = try await link(host: hosts.servedName(of: host), slug: slug) }
            }
        } else if !text.isEmpty, !text.contains("/") {
            // A bare slug: on whichever link host has it, when only one does.
            var matches: [ShortLink] = []
            for host in hosts.linkHosts {
                if let match = try await link(host: host.name, slug: text) { matches.append(match) }
            }
            if matches.count > 1 {
                throw Failure(message: """
                    the slug '\(TerminalText.visible(text))' is on several link hosts (\(matches.map(\.url).joined(separator: ", "))); \
                    name the link by its short URL or its id
                    """, status: .problemsFound)
            }
            found = matches.first
        }
        guard let found else {
            let names = hosts.linkHosts.map(\.name)
            throw Failure(message: """
                no link is '\(TerminalText.visible(reference))'; name a link by its id, its short URL or its slug \
                (on \(names.isEmpty ? "the link host" : names.joined(separator: " or "))), as `landfall links list` shows them
                """, status: .problemsFound)
        }
        return found
    }
}
