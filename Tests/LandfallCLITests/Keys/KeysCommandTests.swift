import Foundation
import LandfallCLI
import LandfallLinks
import LandfallStorage
import Logging
import Testing

/// `landfall keys create|list|revoke` against a real SQLite database in a temporary directory.
@Suite struct KeysCommandTests {
    /// Opens the database the commands wrote, as the server would.
    static func storage(_ directory: String) async throws -> Storage {
        try await Storage.open(.sqlite(directory: directory), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    /// Creates a key and returns its text (the command's whole standard output, trimmed).
    static func createKey(name: String = "ci", scope: String = "write", in directory: String) async throws -> String {
        let output = await runLandfallAsync(["keys", "create", "--name", name, "--scope", scope, "--data-dir", directory])
        try #require(output.status == .success, "keys create failed: \(output.standardError)")
        return output.standardOutput.trimmingCharacters(in: .newlines)
    }

    @Test func createPrintsAKeyThatTheServerCanVerify() async throws {
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(["keys", "create", "--name", "ci", "--scope", "write", "--data-dir", directory])
        #expect(output.status == .success)
        #expect(output.lines.count == 1, "standard output holds the key alone, for scripts")
        let text = try #require(output.lines.first)
        let presented = try #require(APIKeys.parse(text), "'\(text)' is not a key")
        #expect(output.standardError.contains("it will not be shown again"))
        #expect(output.standardError.contains("Authorization: Bearer <key>"))
        #expect(output.standardError.contains("landfall keys revoke \(presented.id) --data-dir \(directory)"))
        #expect(!output.standardError.contains(presented.secret))

        let storage = try await Self.storage(directory)
        let record = try #require(try await storage.apiKey(id: presented.id))
        await storage.close()
        #expect(record.name == "ci")
        #expect(record.scope == .write)
        #expect(record.revokedAt == nil)
        #expect(APIKeys.verify(secret: presented.secret, against: record))
        #expect(!APIKeys.verify(secret: String(presented.secret.reversed()), against: record))
    }

    @Test func theDatabaseHoldsOnlyTheHashOfTheSecret() async throws {
        let directory = try temporaryDataDirectory()
        let text = try await Self.createKey(in: directory)
        let presented = try #require(APIKeys.parse(text))
        let files = try bytesOfFiles(in: directory)
        #expect(!files.isEmpty)
        // The search works: the id and the hash are there ...
        #expect(files.contains { $0.contains(bytes: Array(presented.id.utf8)) })
        #expect(files.contains { $0.contains(bytes: Array(APIKeys.hash(secret: presented.secret).utf8)) })
        // ... and the secret is not, in any file.
        #expect(!files.contains { $0.contains(bytes: Array(presented.secret.utf8)) })
    }

    @Test func theNameIsStoredWithoutSurroundingSpaces() async throws {
        let directory = try temporaryDataDirectory()
        let text = try await Self.createKey(name: "  marketing site ", scope: "read", in: directory)
        let id = try #require(APIKeys.parse(text)?.id)
        let storage = try await Self.storage(directory)
        let record = try await storage.apiKey(id: id)
        await storage.close()
        #expect(record?.name == "marketing site")
        #expect(record?.scope == .read)
    }

    @Test func listShowsEveryKeyOldestFirstWithoutSecrets() async throws {
        let directory = try temporaryDataDirectory()
        let first = try #require(APIKeys.parse(try await Self.createKey(name: "ci", scope: "write", in: directory)))
        let second = try #require(APIKeys.parse(try await Self.createKey(name: "marketing site", scope: "read", in: directory)))

        let text = await runLandfallAsync(["keys", "list", "--data-dir", directory])
        #expect(text.status == .success)
        #expect(text.standardError.isEmpty)
        #expect(text.lines.count == 3)
        #expect(text.lines.first?.hasPrefix("ID ") == true)
        #expect(text.lines.first?.contains("LAST USED") == true)
        #expect(text.lines.dropFirst().first?.hasPrefix(first.id + "  ci ") == true)
        #expect(text.lines.dropFirst().first?.contains(" write ") == true)
        #expect(text.lines.last?.hasPrefix(second.id + "  marketing site  read ") == true)
        #expect(text.lines.last?.contains("never") == true)
        for secret in [first.secret, second.secret, APIKeys.hash(secret: first.secret)] {
            #expect(!text.standardOutput.contains(secret))
        }

        let json = await runLandfallAsync(["keys", "list", "--data-dir", directory, "--format", "json"])
        #expect(json.status == .success)
        let keys = try #require(try CLIFixtures.jsonObject(json.standardOutput) as? [[String: Any]])
        #expect(keys.map { $0["id"] as? String } == [first.id, second.id])
        #expect(keys.map { $0["name"] as? String } == ["ci", "marketing site"])
        #expect(keys.map { $0["scope"] as? String } == ["write", "read"])
        #expect(keys.allSatisfy { Set($0.keys) == ["id", "name", "scope", "createdAt", "lastUsedAt", "revokedAt"] })
        #expect(keys.allSatisfy { $0["lastUsedAt"] is NSNull && $0["revokedAt"] is NSNull })
        let created = try #require(keys.first?["createdAt"] as? String)
        #expect(try Date(created, strategy: .iso8601).timeIntervalSinceNow > -600)
        #expect(!json.standardOutput.contains(first.secret))
        #expect(!json.standardOutput.contains(APIKeys.hash(secret: first.secret)))
    }

    @Test func listShowsWhenAKeyWasLastUsed() async throws {
        let directory = try temporaryDataDirectory()
        let id = try #require(APIKeys.parse(try await Self.createKey(in: directory))?.id)
        let storage = try await Self.storage(directory)
        try await storage.noteAPIKeyUse(id: id, at: Date(timeIntervalSince1970: 1_795_000_000))   // 2026-11-18 11:06:40 UTC
        await storage.close()
        let text = await runLandfallAsync(["keys", "list", "--data-dir", directory])
        #expect(text.lines.last?.contains("2026-11-18 11:06") == true)
        let json = await runLandfallAsync(["keys", "list", "--data-dir", directory, "--format", "json"])
        #expect(json.standardOutput.contains(#""lastUsedAt": "2026-11-18T11:06:40Z""#))
    }

    @Test func listOfAnEmptyDatabaseSaysHowToCreateAKey() async throws {
        let directory = try temporaryDataDirectory()
        let storage = try await Self.storage(directory)
        await storage.close()
        let text = await runLandfallAsync(["keys", "list", "--data-dir", directory])
        #expect(text.status == .success)
        #expect(text.standardOutput.contains("landfall keys create --name NAME --scope read|write|webhooks"))
        let json = await runLandfallAsync(["keys", "list", "--data-dir", directory, "--format", "json"])
        #expect(json.standardOutput == "[]\n")
    }

    @Test func listUsesBoldAndDimOnlyOnATerminal() async throws {
        let directory = try temporaryDataDirectory()
        let id = try #require(APIKeys.parse(try await Self.createKey(in: directory))?.id)
        _ = await runLandfallAsync(["keys", "revoke", id, "--data-dir", directory])
        let terminal = await runLandfallAsync(["keys", "list", "--data-dir", directory], terminal: true)
        #expect(terminal.lines.first?.hasPrefix("\u{1B}[1m") == true)
        #expect(terminal.lines.last?.hasPrefix("\u{1B}[2m") == true)
        let noColor = await runLandfallAsync(["keys", "list", "--data-dir", directory], environment: ["NO_COLOR": "1"], terminal: true)
        #expect(!noColor.standardOutput.contains("\u{1B}"))
    }

    @Test func revokeRevokesOnceAndTheListShowsIt() async throws {
        let directory = try temporaryDataDirectory()
        let kept = try #require(APIKeys.parse(try await Self.createKey(name: "kept", in: directory)))
        let revoked = try #require(APIKeys.parse(try await Self.createKey(name: "leaked", in: directory)))

        let output = await runLandfallAsync(["keys", "revoke", revoked.id, "--data-dir", directory])
        #expect(output.status == .success)
        #expect(output.standardOutput == "Revoked the API key \(revoked.id) ('leaked', scope write): it is refused from now on.\n")

        let storage = try await Self.storage(directory)
        #expect(try await storage.apiKey(id: revoked.id)?.revokedAt != nil)
        #expect(try await storage.apiKey(id: kept.id)?.revokedAt == nil)
        await storage.close()

        let json = await runLandfallAsync(["keys", "list", "--data-dir", directory, "--format", "json"])
        let keys = try #require(try CLIFixtures.jsonObject(json.standardOutput) as? [[String: Any]])
        #expect(keys.count == 2)
        #expect(keys.first { $0["id"] as? String == revoked.id }?["revokedAt"] is String)
        #expect(keys.first { $0["id"] as? String == kept.id }?["revokedAt"] is NSNull)

        let again = await runLandfallAsync(["keys", "revoke", revoked.id, "--data-dir", directory])
        #expect(again.status == .problemsFound)
        #expect(again.standardError.hasPrefix("error: the API key \(revoked.id) ('leaked') was already revoked on "))
        #expect(again.standardOutput.isEmpty)
    }

    @Test func revokeAcceptsTheWholeKey() async throws {
        let directory = try temporaryDataDirectory()
        let text = try await Self.createKey(in: directory)
        let id = try #require(APIKeys.parse(text)?.id)
        let output = await runLandfallAsync(["keys", "revoke", text, "--data-dir", directory])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains(id))
        #expect(!output.standardOutput.contains(text))
    }

    @Test func revokingAnUnknownIdIsAProblemFound() async throws {
        let directory = try temporaryDataDirectory()
        _ = try await Self.createKey(in: directory)
        let output = await runLandfallAsync(["keys", "revoke", "NoSuchKey123", "--data-dir", directory])
        #expect(output.status == .problemsFound)
        #expect(output.standardError == "error: no API key has the id 'NoSuchKey123'; `landfall keys list` shows the keys\n")
    }

    @Test(arguments: [["keys", "list"], ["keys", "revoke", "Q2x8Vd0mK3pa"]])
    func listAndRevokeRefuseADirectoryWithoutADatabase(arguments: [String]) async throws {
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(arguments + ["--data-dir", directory])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: there is no database at \(directory)/landfall.sqlite; is --data-dir right? (`landfall serve` and `landfall keys create` create it)\n")
        #expect(!FileManager.default.fileExists(atPath: directory), "a mistyped --data-dir must not be created")
    }

    /// Arguments that are refused before any database is opened, and what the error says.
    static let refusals: [(arguments: [String], environment: [String: String], message: String)] = [
        (["keys", "create", "--name", "ci", "--scope", "admin"], [:], "Please provide one of 'read', 'write' or 'webhooks'"),
        (["keys", "create", "--name", "ci"], [:], "Missing expected argument '--scope <scope>'"),
        (["keys", "create", "--scope", "read"], [:], "Missing expected argument '--name <name>'"),
        (["keys", "create", "--name", "", "--scope", "read"], [:], "error: --name must say what the key is for; it is empty"),
        (["keys", "create", "--name", "   ", "--scope", "read"], [:], "error: --name must say what the key is for; it is empty"),
        (["keys", "create", "--name", String(repeating: "k", count: 101), "--scope", "read"], [:],
         "error: --name must be at most 100 characters; it has 101"),
        (["keys", "create", "--name", "two\nlines", "--scope", "read"], [:], "error: --name must be one line of text"),
        (["keys", "create", "--name", "ci", "--scope", "read", "--database-url", "mysql://db.example.com/landfall"], [:],
         "error: --database-url must be a postgres:// or postgresql:// URL, such as postgres://landfall@127.0.0.1:5432/landfall; 'mysql://db.example.com/landfall' is not"),
        (["keys", "create", "--name", "ci", "--scope", "read", "--database-url", "postgres:///landfall"], [:],
         "error: --database-url 'postgres:///landfall' has no host; write postgres://user@host:port/database"),
        (["keys", "list", "--database-url", "landfall.sqlite"], [:], "error: --database-url must be a postgres:// or postgresql:// URL"),
        (["keys", "list"], ["LANDFALL_DATABASE_URL": "http://db.example.com/landfall"],
         "error: LANDFALL_DATABASE_URL must be a postgres:// or postgresql:// URL"),
        (["keys", "revoke", " ", "--data-dir", "/nonexistent"], [:], "error: ID must be a key's id"),
        (["keys", "list", "--format", "yaml"], [:], "Please provide one of 'text' and 'json'"),
    ]

    @Test(arguments: refusals)
    func badArgumentsAreUsageErrors(arguments: [String], environment: [String: String], message: String) async throws {
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(arguments + (arguments.contains("--data-dir") ? [] : ["--data-dir", directory]),
                                            environment: environment)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory), "nothing is created for a refused command")
    }

    @Test func aPasswordInARefusedURLIsNotPrinted() async {
        let output = await runLandfallAsync(["keys", "list", "--database-url", "mysql://landfall:hunter2@db.example.com/landfall"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("mysql://landfall:***@db.example.com/landfall"))
        #expect(!output.standardError.contains("hunter2"))
    }

    @Test(.timeLimit(.minutes(10)))
    func anUnreachableDatabaseIsAnInputError() async throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        let output = await runLandfallAsync(["keys", "create", "--name", "ci", "--scope", "read",
                                             "--database-url", "postgres://landfall:hunter2@127.0.0.1:1/landfall"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: "))
        #expect(output.standardError.contains("postgres://landfall:***@127.0.0.1:1/landfall"))
        #expect(!output.standardError.contains("hunter2"))
        #expect(output.standardOutput.isEmpty)
    }

    @Test(arguments: [["keys"], ["keys", "create"], ["keys", "list"], ["keys", "revoke"]])
    func everyKeysCommandsHelpHasAnExample(command: [String]) async {
        let output = await runLandfallAsync(command + ["--help"])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("USAGE: landfall keys"))
        #expect(output.standardOutput.contains("Example"))
        #expect(output.standardOutput.contains("  landfall keys \(command.count > 1 ? command[1] : "create") "))
    }

    @Test func theRootCommandListsKeys() async {
        let output = await runLandfall(["--help"])
        #expect(output.standardOutput.contains("keys"))
        #expect(output.standardOutput.contains("Create, list and revoke the API keys"))
    }
}
