import Foundation
import LandfallCLI
import LandfallStorage
import Logging
import Testing

/// `landfall settings show|set` against a real SQLite database in a temporary directory.
@Suite struct SettingsCommandTests {
    /// A data directory holding an empty database, as `landfall serve` leaves it.
    static func databaseDirectory() async throws -> String {
        let directory = try temporaryDataDirectory()
        await (try await storage(directory)).close()
        return directory
    }

    /// Opens the database the commands wrote, as the server would.
    static func storage(_ directory: String) async throws -> Storage {
        try await Storage.open(.sqlite(directory: directory), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    @Test func aDatabaseNeverChangedShowsTheDefaults() async throws {
        let directory = try await Self.databaseDirectory()
        let text = await runLandfallAsync(["settings", "show", "--data-dir", directory])
        #expect(text.status == .success)
        #expect(text.lines == ["invitations-required: false", "(never changed: the defaults)"])
        let json = await runLandfallAsync(["settings", "show", "--format", "json", "--data-dir", directory])
        let object = try #require(try CLIFixtures.jsonObject(json.standardOutput) as? [String: Any])
        #expect(object["invitationsRequired"] as? Bool == false)
        #expect(object["updatedAt"] is NSNull)
        #expect(Set(object.keys) == ["invitationsRequired", "updatedAt"])
    }

    @Test func setChangesTheSettingForTheServerAndShowSaysWhen() async throws {
        let directory = try await Self.databaseDirectory()
        let output = await runLandfallAsync(["settings", "set", "invitations-required", "true", "--data-dir", directory])
        #expect(output.status == .success)
        #expect(output.standardOutput == "invitations-required is now true (it was false); every server sees it within a second.\n")

        let storage = try await Self.storage(directory)
        let settings = try await storage.runtimeSettings()
        await storage.close()
        #expect(settings.invitationsRequired)
        let updatedAt = try #require(settings.updatedAt)
        #expect(abs(updatedAt.timeIntervalSinceNow) < 60)

        let text = await runLandfallAsync(["settings", "show", "--data-dir", directory])
        #expect(text.lines.first == "invitations-required: true")
        #expect(text.lines.last?.hasPrefix("(last changed ") == true)
        let json = await runLandfallAsync(["settings", "show", "--format", "json", "--data-dir", directory])
        let object = try #require(try CLIFixtures.jsonObject(json.standardOutput) as? [String: Any])
        #expect(object["invitationsRequired"] as? Bool == true)
        #expect((object["updatedAt"] as? String)?.hasSuffix("Z") == true)

        let same = await runLandfallAsync(["settings", "set", "invitations-required", "TRUE", "--data-dir", directory])
        #expect(same.standardOutput == "invitations-required is true, as it was.\n")
        let back = await runLandfallAsync(["settings", "set", "invitations-required", "false", "--data-dir", directory])
        #expect(back.standardOutput == "invitations-required is now false (it was true); every server sees it within a second.\n")
        let reopened = try await Self.storage(directory)
        #expect(try await reopened.runtimeSettings().invitationsRequired == false)
        await reopened.close()
    }

    static let refusals: [(arguments: [String], message: String)] = [
        (["settings", "set", "invitations-required", "yes"], "error: invitations-required is true or false, not 'yes'"),
        (["settings", "set", "invitations-required"], "Missing expected argument '<value>'"),
        (["settings", "set", "invitations_required", "true"], "error: The value 'invitations_required' is invalid for '<name>'"),
        (["settings", "set"], "Missing expected argument '<name>'"),
        (["settings", "show", "--format", "csv"], "Please provide one of 'text' and 'json'"),
    ]

    @Test(arguments: refusals)
    func badArgumentsAreUsageErrors(arguments: [String], message: String) async throws {
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(arguments + ["--data-dir", directory])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test(arguments: [["settings", "show"], ["settings", "set", "invitations-required", "true"]])
    func settingsRefuseADirectoryWithoutADatabase(arguments: [String]) async throws {
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(arguments + ["--data-dir", directory])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: there is no database at \(directory)/landfall.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test(arguments: [["settings"], ["settings", "show"], ["settings", "set"]])
    func everySettingsCommandsHelpHasAnExample(command: [String]) async {
        let output = await runLandfallAsync(command + ["--help"])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("USAGE: landfall settings"))
        #expect(output.standardOutput.contains("Examples:"))
        #expect(output.standardOutput.contains("  landfall settings \(command.count > 1 ? command[1] : "show")"))
        #expect(output.standardOutput.contains("invitations-required") || command == ["settings", "show"])
    }
}
