import Foundation
import LandfallCards
import Testing

/// `landfall config card`: one card drawn offline from the site folder, and a clear error for
/// each way that cannot be.
@Suite struct ConfigCardCommandTests {
    static var cardsRun: Bool {
        CardRenderer.isAvailable || ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
    }

    static func output(in folder: URL) -> String { folder.appendingPathComponent("card.png").path }

    /// The width and height a PNG file's header gives.
    static func size(ofPNG path: String) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.count > 24 && PNGIntegrity.isWhole(bytes), "not a whole PNG")
        func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (bigEndian(16), bigEndian(20))
    }

    @Test("the demo's puzzle card is written as a 1200×630 PNG, for a path or a whole URL, with a short link's data",
          .enabled(if: cardsRun, "cards are off in this build (apt-get install libfreetype-dev libpng-dev zlib1g-dev)"),
          arguments: [
              ["--example", "/puzzle/2026-11-20"],
              ["--example", "https://daily.example.com/puzzle/2026-11-20", "--data", "score=3:12"],
          ])
    func drawsTheDemosCard(arguments: [String]) async throws {
        try #require(CardRenderer.isAvailable, "CI is set but cards are off in this build")
        let folder = try CLIFixtures.temporaryFolder()
        let file = Self.output(in: folder)
        let output = await runLandfall(["config", "card", "puzzle", "--site", CLIFixtures.example("demo")] + arguments + ["--output", file])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(try Self.size(ofPNG: file) == (1200, 630))
        #expect(output.standardOutput.hasPrefix("\(file): the 1200×630 card of 'puzzle' for "), "\(output.standardOutput)")
        let score = arguments.contains("score=3:12")
        #expect(output.standardOutput.contains("shows: Daily Puzzle #402 · 2026-11-20 · Compass" + (score ? " · Shared score: 3:12" : "") + "\n"),
                "\(output.standardOutput)")
    }

    @Test("each way a card cannot be drawn is a clear error, and no file is written",
          .enabled(if: cardsRun, "cards are off in this build (apt-get install libfreetype-dev libpng-dev zlib1g-dev)"),
          arguments: [
              (["puzzel", "--example", "/puzzle/2026-11-20"],
               "the site has no route named 'puzzel'; routes with a card: puzzle; routes with the site's default card: "),
              (["puzzle", "--example", "/news/winter-league"],
               "'/news/winter-league' is a link of the route 'article', not of 'puzzle' (/puzzle/:date)"),
              (["puzzle", "--example", "https://elsewhere.example.org/puzzle/2026-11-20"],
               "'https://elsewhere.example.org/puzzle/2026-11-20' is not a link of the site"),
              (["puzzle", "--example", "/puzzle/2030-01-01"],
               "the page of '/puzzle/2030-01-01' reads content/puzzle/2030-01-01.json, which does not exist"),
              (["invite", "--example", "/invites/7KQ2M-X4P9T-HCW3R", "--card", "postcard"],
               "the site has no card template named 'postcard'; the templates of cards: invitation"),
          ])
    func refusals(arguments: [String], message: String) async throws {
        try #require(CardRenderer.isAvailable, "CI is set but cards are off in this build")
        let folder = try CLIFixtures.temporaryFolder()
        let file = Self.output(in: folder)
        let output = await runLandfall(["config", "card", "--site", CLIFixtures.example("demo/landfall.yml")] + arguments + ["--output", file])
        #expect(output.status == .problemsFound)
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test("--card draws a template of cards: as the link naming it has it: the demo's join",
          .enabled(if: cardsRun, "cards are off in this build (apt-get install libfreetype-dev libpng-dev zlib1g-dev)"))
    func drawsANamedTemplate() async throws {
        try #require(CardRenderer.isAvailable, "CI is set but cards are off in this build")
        let folder = try CLIFixtures.temporaryFolder()
        let file = Self.output(in: folder)
        let output = await runLandfall(["config", "card", "invite", "--site", CLIFixtures.example("demo"), "--example", "/invites/7KQ2M-X4P9T-HCW3R",
                                        "--data", "invitedBy=Ada", "--card", "invitation", "--output", file])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(try Self.size(ofPNG: file) == (1200, 630))
        #expect(output.standardOutput.hasPrefix("\(file): the 1200×630 card of 'invitation' (a link's template) for /invites/7KQ2M-X4P9T-HCW3R"),
                "\(output.standardOutput)")
        #expect(output.standardOutput.contains("shows: You're invited to Daily Puzzle · Ada wants to play with you · A new word puzzle every day\n"),
                "\(output.standardOutput)")
    }

    @Test("a --data that is not KEY=VALUE, or that gives a key twice, is a usage error", arguments: [
        (["--data", "score"], "--data 'score' is not KEY=VALUE, such as --data score=3:12"),
        (["--data", "=3:12"], "--data '=3:12' is not KEY=VALUE"),
        (["--data", "a=1", "--data", "a=2"], "--data gives 'a' twice"),
    ])
    func usageErrors(arguments: [String], message: String) async throws {
        let folder = try CLIFixtures.temporaryFolder()
        let output = await runLandfall(["config", "card", "puzzle", "--site", CLIFixtures.example("demo"), "--example", "/puzzle/2026-11-20",
                                        "--output", Self.output(in: folder)] + arguments)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains(message), "\(output.standardError)")
    }

    @Test("a site folder without landfall.yml says so", .enabled(if: cardsRun, "cards are off in this build"))
    func missingSite() async throws {
        let folder = try CLIFixtures.temporaryFolder()
        let output = await runLandfall(["config", "card", "puzzle", "--site", folder.path, "--example", "/puzzle/2026-11-20",
                                        "--output", Self.output(in: folder)])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("landfall.yml: cannot read the site configuration"), "\(output.standardError)")
    }

    @Test("config check names a card file that is not in the site folder, with its route")
    func configCheckFindsMissingCardFiles() async throws {
        let folder = try CLIFixtures.temporaryFolder()
        var demo = try String(contentsOfFile: CLIFixtures.example("demo/landfall.yml"), encoding: .utf8)
        let cardLine = "    card:                             # the picture a chat shows for a link to a puzzle\n"
        try #require(demo.contains(cardLine))
        demo = demo.replacingOccurrences(of: cardLine, with: cardLine + "      background: cards/missing.png\n")
        let file = folder.appendingPathComponent("landfall.yml")
        try demo.write(to: file, atomically: true, encoding: .utf8)
        let output = await runLandfall(["config", "check", file.path])
        #expect(output.status == .problemsFound)
        #expect(output.standardOutput.contains("routes[1].card.background: the card of 'puzzle': 'cards/missing.png' is not in the site folder"),
                "\(output.standardOutput)")
    }

    @Test("the help says what the command does, with an example")
    func help() async {
        let output = await runLandfall(["config", "card", "--help"])
        let text = output.standardOutput + output.standardError
        #expect(text.contains("landfall config card puzzle --example /puzzle/2026-11-20 --output card.png"), "\(text)")
        #expect(text.contains("--data"))
    }
}
