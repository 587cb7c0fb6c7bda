import ChildProcess
import Foundation
import LandfallCLI
import LandfallLinks
import LandfallStorage
import Testing

/// `landfall links create --card NAME` and `landfall links update LINK --card NAME |
/// --route-card`: a short link's card template (the demo's `cards:` has `invitation`), on real
/// SQLite and PostgreSQL databases, refused in the API's words when the site has no such one.
@Suite struct LinksCardCommandTests {
    @Test("create --card names the template, show lists it, update changes it and --route-card clears it", arguments: CLIDatabase.all)
    func createAndUpdate(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            let created = await runLandfallAsync(["links", "create", "--target", "https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R",
                                                  "--slug", "ada", "--data", "invitedBy=Ada", "--card", "invitation"] + options)
            #expect(created.status == .success, "\(created.standardError)")
            #expect(try await LinksCommandTests.stored(location).first?.card == "invitation")

            let shown = await runLandfallAsync(["links", "show", "ada"] + options)
            #expect(shown.lines.contains { $0.hasPrefix("Card:") && $0.hasSuffix("invitation") }, "\(shown.standardOutput)")
            let json = await runLandfallAsync(["links", "show", "ada", "--format", "json"] + options)
            let show = try #require(try CLIFixtures.jsonObject(json.standardOutput) as? [String: Any])
            #expect((show["link"] as? [String: Any])?["card"] as? String == "invitation")

            let cleared = await runLandfallAsync(["links", "update", "ada", "--route-card"] + options)
            #expect(cleared.status == .success, "\(cleared.standardError)")
            #expect(cleared.standardOutput == "https://go.daily.example.com/ada has its target route's card.\n")
            #expect(try await LinksCommandTests.stored(location).first?.card == nil)

            let named = await runLandfallAsync(["links", "update", "https://go.daily.example.com/ada", "--card", "invitation"] + options)
            #expect(named.status == .success, "\(named.standardError)")
            #expect(named.standardOutput == "https://go.daily.example.com/ada has the card template 'invitation'.\n")
            #expect(try await LinksCommandTests.stored(location).first?.card == "invitation")
        }
    }

    @Test("a card the site has no template for is refused naming the option and the templates, and nothing changes", arguments: [
        ["links", "create", "--target", "https://daily.example.com/", "--slug", "new", "--card", "invite"],
        ["links", "update", "taken", "--card", "invite"],
    ])
    func unknownCardRefused(arguments: [String]) async throws {
        let directory = try temporaryDataDirectory()
        _ = await runLandfallAsync(["links", "create", "--target", "https://daily.example.com/t", "--slug", "taken", "--data-dir", directory])
        let output = await runLandfallAsync(arguments + ["--data-dir", directory])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("error: --card: 'invite' is not a card template of this site; its templates: invitation."),
                "\(output.standardError)")
        let stored = try await LinksCommandTests.stored(.sqlite(directory: directory))
        #expect(stored.map(\.slug) == ["taken"])
        #expect(stored.first?.card == nil)
    }

    @Test("update asks for --card or --route-card, one of them")
    func updateNeedsOneChange() async throws {
        let output = await runLandfallAsync(["links", "update", "taken", "--data-dir", try temporaryDataDirectory()])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("give --card NAME (a template of the site's cards:) or --route-card, one of them"), "\(output.standardError)")
    }
}
