import Foundation
import LandfallCLI
import LandfallLinks
import LandfallStorage
import Logging
import Testing

/// `landfall invites create|list|revoke|export|audit` against a real SQLite database in a
/// temporary directory.
@Suite struct InvitesCommandTests {
    /// Opens the database the commands wrote, as the server would.
    static func storage(_ directory: String) async throws -> Storage {
        try await Storage.open(.sqlite(directory: directory), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    /// Creates a batch and returns its codes (one per line of standard output) and its batch id.
    static func create(_ arguments: [String] = [], count: Int = 3, in directory: String) async throws -> (codes: [InviteCode], batch: String) {
        let output = await runLandfallAsync(["invites", "create", "--count", "\(count)", "--data-dir", directory] + arguments)
        try #require(output.status == .success, "invites create failed: \(output.standardError)")
        let codes = try output.lines.map { line in try InviteCode(parsing: String(line.prefix { $0 != " " })) }
        let batch = try #require(output.standardError.firstMatch(of: /in batch ([0-9a-f-]{36})/)?.1)
        return (codes, String(batch))
    }

    /// The whole list, as JSON objects.
    static func listed(_ arguments: [String] = [], in directory: String) async throws -> [[String: Any]] {
        let output = await runLandfallAsync(["invites", "list", "--format", "json", "--data-dir", directory] + arguments)
        try #require(output.status == .success, "invites list failed: \(output.standardError)")
        return try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [[String: Any]])
    }

    /// A site whose invitation route is `/join/:token` on `example.com`.
    static let joinSite = """
        site: {name: Join, timeZone: UTC}
        hosts: {site: example.com}
        apps:
          - name: main
            ios: {teamID: ABCDE12345, bundleID: com.example.app}
        routes:
          - name: join
            pattern: /join/:token
        invitations: {route: join, parameter: token}

        """

    // MARK: create

    @Test func createPrintsEachCodeWithItsURLAndStoresTheBatch() async throws {
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(["invites", "create", "--count", "3", "--data-dir", directory])
        #expect(output.status == .success)
        #expect(output.lines.count == 3)
        for line in output.lines {
            let parts = line.components(separatedBy: "  ")
            #expect(parts.count == 2)
            let code = try InviteCode(parsing: parts[0])
            #expect(parts[0] == code.formatted)
            #expect(parts[1] == "https://daily.example.com/invites/\(code.formatted)")
        }
        #expect(output.lines == output.lines.sorted(), "a batch is printed in code order, as it is listed")
        let batch = try #require(output.standardError.firstMatch(of: /Created 3 invitations in batch ([0-9a-f-]{36}), 1 use each, never expiring\./)?.1)
        #expect(output.standardError.contains("landfall invites revoke --batch \(batch) --data-dir \(directory)"))

        let storage = try await Self.storage(directory)
        let stored = try await storage.invitations(InvitationQuery(now: Date(), limit: nil))
        let audit = try await storage.invitationAudit(limit: 10, before: nil)
        await storage.close()
        #expect(stored.count == 3)
        #expect(stored.allSatisfy { $0.batchID == String(batch) && $0.uses == 1 && $0.redeemed == 0 && $0.expiresAt == nil })
        #expect(stored.allSatisfy { $0.note == nil && $0.campaign == nil && $0.revokedAt == nil })
        #expect(Set(stored.map(\.code.formatted)) == Set(output.lines.map { String($0.prefix(17)) }))
        #expect(audit.map(\.action) == [.created])
        #expect(audit.first?.code == "batch \(batch) (3)")
    }

    @Test func createStoresEveryOptionAndPrintsJSONAsTheAPIDoes() async throws {
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(["invites", "create", "--count", "2", "--uses", "5", "--expires", "2031-01-01T00:00:00Z",
                                             "--note", "  for the beta testers ", "--campaign", "beta", "--format", "json",
                                             "--data-dir", directory])
        #expect(output.status == .success)
        let json = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [String: Any])
        let batch = try #require(json["batch"] as? String)
        let invitations = try #require(json["invitations"] as? [[String: Any]])
        #expect(invitations.count == 2)
        for invitation in invitations {
            #expect(Set(invitation.keys) == ["code", "url", "batch", "uses", "redeemed", "usesLeft", "status", "expiresAt", "note",
                                              "campaign", "createdAt", "revokedAt"])
            let code = try #require(invitation["code"] as? String)
            #expect(invitation["url"] as? String == "https://daily.example.com/invites/\(code)")
            #expect(invitation["batch"] as? String == batch)
            #expect(invitation["uses"] as? Int == 5)
            #expect(invitation["usesLeft"] as? Int == 5)
            #expect(invitation["status"] as? String == "active")
            #expect((invitation["expiresAt"] as? String)?.hasPrefix("2031-01-01T00:00:00") == true)
            #expect(invitation["note"] as? String == "for the beta testers")
            #expect(invitation["campaign"] as? String == "beta")
            #expect(invitation["revokedAt"] is NSNull)
        }
        #expect(output.standardError.contains("5 uses each, expiring 2031-01-01 00:00 UTC, campaign beta."))

        let storage = try await Self.storage(directory)
        let stored = try await storage.invitations(InvitationQuery(batchID: batch, now: Date(), limit: nil))
        await storage.close()
        #expect(stored.count == 2)
        #expect(stored.allSatisfy { $0.uses == 5 && $0.note == "for the beta testers" && $0.campaign == "beta" })
        #expect(stored.allSatisfy { $0.expiresAt == Date(timeIntervalSince1970: 1_924_992_000) })
    }

    @Test(arguments: [("2d", 2 * 86_400.0), ("90m", 5_400), ("3600", 3_600)])
    func expiresInCountsFromNow(duration: String, seconds: TimeInterval) async throws {
        let directory = try temporaryDataDirectory()
        let before = Date()
        _ = try await Self.create(["--expires-in", duration], count: 1, in: directory)
        let storage = try await Self.storage(directory)
        let expiresAt = try #require(try await storage.invitations(InvitationQuery(now: Date(), limit: nil)).first?.expiresAt)
        await storage.close()
        #expect(expiresAt.timeIntervalSince(before) >= seconds - 1)
        #expect(expiresAt.timeIntervalSince(Date()) <= seconds + 1)
    }

    @Test(arguments: ["2031-01-01", "2031-01-01T00:00:00Z", "2031-01-01t00:00:00z", "2031-01-01T01:00:00+01:00",
                      "2030-12-31T19:00:00.000-05:00"])
    func expiresTakesATimeOrADayAtItsMidnightUTC(_ written: String) async throws {
        let directory = try temporaryDataDirectory()
        _ = try await Self.create(["--expires", written], count: 1, in: directory)
        let storage = try await Self.storage(directory)
        let stored = try await storage.invitations(InvitationQuery(now: Date(), limit: nil))
        await storage.close()
        #expect(stored.first?.expiresAt == Date(timeIntervalSince1970: 1_924_992_000))
    }

    @Test func theURLsComeFromTheGivenSiteConfiguration() async throws {
        let directory = try temporaryDataDirectory()
        let file = try CLIFixtures.temporaryFile("landfall.yml", Self.joinSite)
        let output = await runLandfallAsync(["invites", "create", "--count", "2", "--config", file, "--data-dir", directory])
        #expect(output.status == .success)
        for line in output.lines {
            let code = String(line.prefix(17))
            #expect(line == "\(code)  https://example.com/join/\(code)")
        }
        let listed = await runLandfallAsync(["invites", "list", "--config", file, "--data-dir", directory])
        #expect(listed.standardOutput.contains("https://example.com/join/"))
        #expect(!listed.standardOutput.contains("daily.example.com"))
    }

    @Test func aSiteWithoutInvitationsGivesCodesWithoutURLs() async throws {
        let directory = try temporaryDataDirectory()
        let file = try CLIFixtures.temporaryFile("landfall.yml", Self.joinSite.replacingOccurrences(of: "invitations: {route: join, parameter: token}\n", with: ""))
        let output = await runLandfallAsync(["invites", "create", "--count", "2", "--config", file, "--data-dir", directory])
        #expect(output.status == .success)
        #expect(output.lines.count == 2)
        #expect(output.lines.allSatisfy { $0.count == 17 && (try? InviteCode(parsing: $0)) != nil })
        #expect(output.standardError.contains("has no `invitations:` section"))
        let json = await runLandfallAsync(["invites", "list", "--format", "json", "--config", file, "--data-dir", directory])
        let invitations = try #require(try CLIFixtures.jsonObject(json.standardOutput) as? [[String: Any]])
        #expect(invitations.count == 2)
        #expect(invitations.allSatisfy { $0["url"] is NSNull })
    }

    @Test func aBrokenSiteConfigurationIsReportedAndNothingIsCreated() async throws {
        let directory = try temporaryDataDirectory()
        let file = try CLIFixtures.temporaryFile("landfall.yml", Self.joinSite.replacingOccurrences(of: "route: join,", with: "route: joni,"))
        let output = await runLandfallAsync(["invites", "create", "--count", "2", "--config", file, "--data-dir", directory])
        #expect(output.status == .problemsFound)
        #expect(output.standardError.contains("invitations.route: no route is named 'joni' (routes: join); did you mean 'join'?"))
        #expect(output.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory))

        let missing = await runLandfallAsync(["invites", "create", "--count", "2", "--config", file + ".missing", "--data-dir", directory])
        #expect(missing.status == .usageOrInputError)
        #expect(missing.standardError.contains("no such file"))
    }

    @Test func createPrintsCSVWithTheAPIsHeader() async throws {
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(["invites", "create", "--count", "4", "--campaign", "=cmd", "--format", "csv", "--data-dir", directory])
        #expect(output.status == .success)
        #expect(output.lines.first == "code,url,batch,uses,redeemed,uses_left,status,expires_at,note,campaign,created_at,revoked_at")
        #expect(output.lines.count == 5)
        #expect(output.lines.dropFirst().allSatisfy { $0.contains(",'=cmd,") }, "a formula is neutralized")
    }

    // MARK: list

    @Test func listShowsBatchByBatchNewestFirst() async throws {
        let directory = try temporaryDataDirectory()
        let first = try await Self.create(["--campaign", "alpha"], count: 2, in: directory)
        try await Task.sleep(for: .milliseconds(5))
        let second = try await Self.create(["--uses", "3", "--note", "for the press"], count: 1, in: directory)

        let text = await runLandfallAsync(["invites", "list", "--data-dir", directory])
        #expect(text.status == .success)
        #expect(text.standardError.isEmpty)
        let lines = text.lines
        #expect(lines.count == 8)
        #expect(lines[0].hasPrefix("Batch \(second.batch), created "))
        #expect(lines[0].hasSuffix(" UTC: for the press"))
        #expect(lines[1].hasPrefix("CODE "))
        #expect(lines[1].contains("STATUS"))
        #expect(lines[2].hasPrefix("\(second.codes[0].formatted)  active  0/3   never  "))
        #expect(lines[2].hasSuffix("https://daily.example.com/invites/\(second.codes[0].formatted)"))
        #expect(lines[3] == "")
        #expect(lines[4].hasPrefix("Batch \(first.batch), created "))
        #expect(lines[4].hasSuffix(" UTC, campaign alpha"))
        #expect(lines[6...7].map { String($0.prefix(17)) } == first.codes.map(\.formatted))

        let json = try await Self.listed(in: directory)
        #expect(json.map { $0["code"] as? String } == (second.codes + first.codes).map(\.formatted))
        let onlyFirst = try await Self.listed(["--batch", first.batch], in: directory)
        #expect(onlyFirst.map { $0["code"] as? String } == first.codes.map(\.formatted))

        let csv = await runLandfallAsync(["invites", "list", "--format", "csv", "--batch", second.batch, "--data-dir", directory])
        #expect(csv.lines.count == 2)
        #expect(csv.lines.last?.hasPrefix("\(second.codes[0].formatted),https://daily.example.com/invites/\(second.codes[0].formatted),\(second.batch),3,0,3,active,,for the press,,") == true)
    }

    @Test func listFiltersByStatusJudgedNow() async throws {
        let directory = try temporaryDataDirectory()
        let batch = try await Self.create(count: 3, in: directory)
        _ = await runLandfallAsync(["invites", "revoke", batch.codes[1].formatted, "--data-dir", directory])
        let active = try await Self.listed(["--status", "active"], in: directory)
        #expect(active.map { $0["code"] as? String } == [batch.codes[0], batch.codes[2]].map(\.formatted))
        let revoked = try await Self.listed(["--status", "revoked"], in: directory)
        #expect(revoked.map { $0["code"] as? String } == [batch.codes[1].formatted])
        #expect(revoked.first?["revokedAt"] is String)
        #expect(try await Self.listed(["--status", "used_up"], in: directory).isEmpty)
        let none = await runLandfallAsync(["invites", "list", "--status", "expired", "--data-dir", directory])
        #expect(none.standardOutput == "No invitation has the status expired.\n")
        let terminal = await runLandfallAsync(["invites", "list", "--data-dir", directory], terminal: true)
        #expect(terminal.lines.first?.hasPrefix("\u{1B}[1mBatch ") == true)
        #expect(terminal.lines.filter { $0.hasPrefix("\u{1B}[2m") }.count == 1, "the revoked invitation is dimmed")
    }

    @Test func listOfAnEmptyDatabaseSaysHowToCreateInvitations() async throws {
        let directory = try temporaryDataDirectory()
        await (try await Self.storage(directory)).close()
        let text = await runLandfallAsync(["invites", "list", "--data-dir", directory])
        #expect(text.status == .success)
        #expect(text.standardOutput == "No invitations yet. Create some with: landfall invites create --count N\n")
        #expect(try await Self.listed(in: directory).isEmpty)
        let batch = await runLandfallAsync(["invites", "list", "--batch", "nope", "--data-dir", directory])
        #expect(batch.standardOutput == "No invitation is in the batch nope.\n")
    }

    // MARK: revoke

    @Test func revokeTakesCodesAsPeopleTypeThem() async throws {
        let directory = try temporaryDataDirectory()
        let batch = try await Self.create(count: 3, in: directory)
        let typed = batch.codes[0].rawValue.lowercased().enumerated().map { $0.offset % 5 == 4 ? "\($0.element) " : "\($0.element)" }.joined()
        let output = await runLandfallAsync(["invites", "revoke", typed, batch.codes[2].formatted, "--data-dir", directory])
        #expect(output.status == .success)
        #expect(output.lines == [
            "Revoked \(batch.codes[0].formatted) (batch \(batch.batch)): it is refused from now on.",
            "Revoked \(batch.codes[2].formatted) (batch \(batch.batch)): it is refused from now on.",
        ])
        let storage = try await Self.storage(directory)
        let revoked = try await storage.invitations(InvitationQuery(status: .revoked, now: Date(), limit: nil))
        let audit = try await storage.invitationAudit(limit: 10, before: nil)
        await storage.close()
        #expect(Set(revoked.map(\.code)) == [batch.codes[0], batch.codes[2]])
        #expect(audit.filter { $0.action == .revoked }.map(\.code).sorted() == [batch.codes[0].rawValue, batch.codes[2].rawValue].sorted())

        let again = await runLandfallAsync(["invites", "revoke", batch.codes[0].formatted, batch.codes[1].formatted, "--data-dir", directory])
        #expect(again.status == .problemsFound)
        #expect(again.standardError.hasPrefix("error: \(batch.codes[0].formatted) was already revoked on "))
        #expect(again.lines == ["Revoked \(batch.codes[1].formatted) (batch \(batch.batch)): it is refused from now on."])
    }

    @Test func revokingAnUnknownCodeIsAProblemFound() async throws {
        let directory = try temporaryDataDirectory()
        _ = try await Self.create(count: 1, in: directory)
        let output = await runLandfallAsync(["invites", "revoke", "22222-22222-22222", "--data-dir", directory])
        #expect(output.status == .problemsFound)
        #expect(output.standardError == "error: no invitation has the code 22222-22222-22222; `landfall invites list` shows them\n")
    }

    @Test func revokeABatchRevokesWhatIsLeftOfIt() async throws {
        let directory = try temporaryDataDirectory()
        let kept = try await Self.create(count: 2, in: directory)
        let batch = try await Self.create(count: 4, in: directory)
        _ = await runLandfallAsync(["invites", "revoke", batch.codes[0].formatted, "--data-dir", directory])
        let output = await runLandfallAsync(["invites", "revoke", "--batch", batch.batch, "--data-dir", directory])
        #expect(output.status == .success)
        #expect(output.standardOutput == "Revoked 3 invitations of the batch \(batch.batch) (1 already were): they are refused from now on.\n")
        #expect(try await Self.listed(["--status", "revoked"], in: directory).count == 4)
        #expect(try await Self.listed(["--status", "active", "--batch", kept.batch], in: directory).count == 2)

        let again = await runLandfallAsync(["invites", "revoke", "--batch", batch.batch, "--data-dir", directory])
        #expect(again.status == .problemsFound)
        #expect(again.standardError == "error: every invitation of the batch \(batch.batch) (4) was already revoked\n")
        let unknown = await runLandfallAsync(["invites", "revoke", "--batch", "no-such-batch", "--data-dir", directory])
        #expect(unknown.status == .problemsFound)
        #expect(unknown.standardError.hasPrefix("error: no invitation is in the batch no-such-batch"))

        let storage = try await Self.storage(directory)
        let audit = try await storage.invitationAudit(limit: 1, before: nil)
        await storage.close()
        #expect(audit.first?.action == .revoked)
        #expect(audit.first?.code == "batch \(batch.batch) (3)")
    }

    // MARK: export

    @Test func exportWritesEveryInvitationToAFile() async throws {
        let directory = try temporaryDataDirectory()
        let first = try await Self.create(count: 2, in: directory)
        let second = try await Self.create(["--note", "a, \"quoted\" note"], count: 3, in: directory)
        let file = try CLIFixtures.temporaryFolder().appendingPathComponent("invitations.csv").path
        let output = await runLandfallAsync(["invites", "export", "--output", file, "--data-dir", directory])
        #expect(output.status == .success)
        #expect(output.standardOutput == "Wrote 5 invitations to \(file).\n")
        let csv = try String(contentsOfFile: file, encoding: .utf8)
        let lines = csv.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.first == "code,url,batch,uses,redeemed,uses_left,status,expires_at,note,campaign,created_at,revoked_at")
        #expect(lines.count == 6)
        #expect(Set(lines.dropFirst().map { String($0.prefix(17)) }) == Set((first.codes + second.codes).map(\.formatted)))
        #expect(csv.contains(#","a, ""quoted"" note","#))

        let toStandardOutput = await runLandfallAsync(["invites", "export", "-o", "-", "--data-dir", directory])
        #expect(toStandardOutput.standardOutput.split(separator: "\n").count == 6)
        #expect(toStandardOutput.standardOutput.hasPrefix("code,url,"))
    }

    @Test func exportingIntoAMissingDirectoryIsAnInputError() async throws {
        let directory = try temporaryDataDirectory()
        _ = try await Self.create(count: 1, in: directory)
        let file = try CLIFixtures.temporaryFolder().appendingPathComponent("no/such/dir/invitations.csv").path
        let output = await runLandfallAsync(["invites", "export", "--output", file, "--data-dir", directory])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: cannot write \"\(file)\": "))
    }

    // MARK: audit

    @Test func auditShowsTheNewestEntriesFirst() async throws {
        let directory = try temporaryDataDirectory()
        let batch = try await Self.create(count: 2, in: directory)
        let storage = try await Self.storage(directory)
        let at = Date()
        try await storage.recordInvitationAudit([
            InvitationAuditEntry(at: at.addingTimeInterval(1), action: .refused, code: "7KQ2MX4P9THCW3R", reason: "unknown", addressHash: "0123456789abcdef0123456789abcdef"),
            InvitationAuditEntry(at: at.addingTimeInterval(2), action: .throttled, code: "7KQ2MX4P9THCW3S", reason: "address", addressHash: "0123456789abcdef0123456789abcdef"),
        ])
        await storage.close()

        let text = await runLandfallAsync(["invites", "audit", "--data-dir", directory])
        #expect(text.status == .success)
        #expect(text.lines.count == 4)
        #expect(text.lines[0].hasPrefix("AT (UTC)"))
        #expect(text.lines[1].contains("  throttled  7KQ2M-X4P9T-HCW3S"))
        #expect(text.lines[1].hasSuffix("  address  0123456789abcdef0123456789abcdef"))
        #expect(text.lines[2].contains("  refused    7KQ2M-X4P9T-HCW3R"))
        #expect(text.lines[3].contains("  created    batch \(batch.batch) (2)"))
        #expect(text.lines[3].hasSuffix("  -        -"))

        let json = await runLandfallAsync(["invites", "audit", "--limit", "1", "--format", "json", "--data-dir", directory])
        let entries = try #require(try CLIFixtures.jsonObject(json.standardOutput) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["action"] as? String == "throttled")
        #expect(entries.first?["reason"] as? String == "address")
        #expect(entries.first?["addressHash"] as? String == "0123456789abcdef0123456789abcdef")
        #expect((entries.first?["at"] as? String)?.hasSuffix("Z") == true)
    }

    @Test func anEmptyAuditLogSaysSo() async throws {
        let directory = try temporaryDataDirectory()
        await (try await Self.storage(directory)).close()
        let text = await runLandfallAsync(["invites", "audit", "--data-dir", directory])
        #expect(text.standardOutput == "The audit log is empty: nothing was created, redeemed or revoked yet.\n")
        let json = await runLandfallAsync(["invites", "audit", "--format", "json", "--data-dir", directory])
        #expect(json.standardOutput == "[]\n")
    }

    // MARK: refusals

    @Test(arguments: [["invites", "list"], ["invites", "revoke", "7KQ2M-X4P9T-HCW3R"], ["invites", "revoke", "--batch", "b"],
                      ["invites", "export", "--output", "-"], ["invites", "audit"]])
    func commandsThatReadRefuseADirectoryWithoutADatabase(arguments: [String]) async throws {
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(arguments + ["--data-dir", directory])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: there is no database at \(directory)/landfall.sqlite; is --data-dir right?"))
        #expect(!FileManager.default.fileExists(atPath: directory), "a mistyped --data-dir must not be created")
    }

    /// Arguments that are refused before any database is opened, and what the error says.
    static let refusals: [(arguments: [String], message: String)] = [
        (["invites", "create"], "Missing expected argument '--count <n>'"),
        (["invites", "create", "--count", "0"], "error: --count must be from 1 to 10000; it is 0"),
        (["invites", "create", "--count", "10001"], "error: --count must be from 1 to 10000; it is 10001"),
        (["invites", "create", "--count", "ten"], "error: The value 'ten' is invalid for '--count <n>'"),
        (["invites", "create", "--count", "1", "--uses", "0"], "error: --uses must be from 1 to 1000000; it is 0"),
        (["invites", "create", "--count", "1", "--expires", "2031-01-01T00:00:00Z", "--expires-in", "7d"],
         "error: give --expires (a time) or --expires-in (a duration), not both"),
        (["invites", "create", "--count", "1", "--expires", "2020-01-01T00:00:00Z"],
         "error: --expires 2020-01-01T00:00:00Z is in the past; the invitations would be born expired"),
        (["invites", "create", "--count", "1", "--expires", "next friday"],
         "error: --expires must be an RFC 3339 time such as 2026-12-31T00:00:00Z, or a day such as 2026-12-31; 'next friday' is neither"),
        (["invites", "create", "--count", "1", "--expires", "2031-02-30"], "is neither"),
        (["invites", "create", "--count", "1", "--expires", "2031-01-01T24:00:00Z"], "is neither"),
        (["invites", "create", "--count", "1", "--expires", "2031-01-01T10:00:00"], "is neither"),
        (["invites", "create", "--count", "1", "--expires", "2031-01-01 10:00"], "is neither"),
        (["invites", "create", "--count", "1", "--expires-in", "1 week"], "error: --expires-in: 'week' in '1 week' is not a unit"),
        (["invites", "create", "--count", "1", "--expires-in", "0d"], "error: --expires-in must be longer than 0s"),
        (["invites", "create", "--count", "1", "--note", " "], "error: --note is empty; leave it out instead"),
        (["invites", "create", "--count", "1", "--note", String(repeating: "n", count: 501)], "error: --note must be at most 500 characters; it has 501"),
        (["invites", "create", "--count", "1", "--campaign", "two\nlines"], "error: --campaign must be one line of text"),
        (["invites", "create", "--count", "1", "--campaign", String(repeating: "c", count: 101)], "error: --campaign must be at most 100 characters"),
        (["invites", "create", "--count", "1", "--format", "yaml"], "Please provide one of 'text', 'json' or 'csv'"),
        (["invites", "list", "--status", "open"], "Please provide one of 'active', 'revoked', 'expired' or 'used_up'"),
        (["invites", "list", "--batch", " "], "error: --batch must be a batch id"),
        (["invites", "revoke"], "error: name the invitations to revoke: one or more codes, or --batch ID"),
        (["invites", "revoke", "7KQ2M-X4P9T-HCW3R", "--batch", "b"], "error: give codes or --batch, not both"),
        (["invites", "revoke", "7KQ2M-X4P9T-HCW3"], "error: '7KQ2M-X4P9T-HCW3' is not an invitation code: "),
        (["invites", "revoke", "0KQ2M-X4P9T-HCW3R"], "error: '0KQ2M-X4P9T-HCW3R' is not an invitation code: "),
        (["invites", "export"], "Missing expected argument '--output <file>'"),
        (["invites", "export", "--output", ""], "error: --output must name a file"),
        (["invites", "audit", "--limit", "0"], "error: --limit must be from 1 to 1000; it is 0"),
        (["invites", "audit", "--limit", "1001"], "error: --limit must be from 1 to 1000; it is 1001"),
        (["invites", "list", "--database-url", "mysql://db.example.com/landfall"], "error: --database-url must be a postgres:// or postgresql:// URL"),
    ]

    @Test(arguments: refusals)
    func badArgumentsAreUsageErrors(arguments: [String], message: String) async throws {
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(arguments + ["--data-dir", directory])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory), "nothing is created for a refused command")
    }

    // MARK: help

    @Test(arguments: ["create", "list", "revoke", "export", "audit"])
    func everyInvitesCommandsHelpHasAnExample(command: String) async {
        let output = await runLandfallAsync(["invites", command, "--help"])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("USAGE: landfall invites \(command)"))
        #expect(output.standardOutput.contains("Examples:"))
        #expect(output.standardOutput.contains("  landfall invites \(command) "))
    }

    @Test func theRootCommandListsInvitesAndSettings() async {
        let output = await runLandfall(["--help"])
        #expect(output.standardOutput.contains("invites"))
        #expect(output.standardOutput.contains("Create, list, revoke and export invitation codes"))
        #expect(output.standardOutput.contains("settings"))
        let group = await runLandfall(["invites", "--help"])
        #expect(group.standardOutput.contains("landfall invites create --count 50"))
    }
}
