import Foundation
import LandfallCLI
import LandfallLinks
import LandfallStorage
import Testing

/// `landfall users create|list|role|reset-password|disable|enable` against real SQLite and
/// PostgreSQL databases.
@Suite struct UsersCommandTests {
    /// Creates a user and returns the printed password.
    static func create(_ email: String, role: String, options: [String]) async throws -> String {
        let output = await runLandfallAsync(["users", "create", "--email", email, "--role", role] + options)
        try #require(output.status == .success, "users create failed: \(output.standardError)")
        return output.standardOutput.trimmingCharacters(in: .newlines)
    }

    @Test("create prints a password alone, once; only its bcrypt hash is stored, and it verifies", arguments: CLIDatabase.all)
    func createPrintsAPasswordThatVerifies(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            let output = await runLandfallAsync(["users", "create", "--email", " Ana@Daily.Example.com ", "--role", "admin",
                                                 "--name", "Ana Lima"] + options)
            #expect(output.status == .success)
            #expect(output.lines.count == 1, "standard output holds the password alone, for scripts")
            let password = try #require(output.lines.first)
            #expect(DashboardPasswords.problem(with: password) == nil)
            #expect(output.standardError.contains("Created the dashboard user ana@daily.example.com ('Ana Lima', admin"))
            #expect(output.standardError.contains("it will not be shown again"))
            #expect(!output.standardError.contains(password))
            try await CLIDatabase.withStorage(location) { storage async throws in
                let user = try #require(try await storage.dashboardUser(email: "ana@daily.example.com"))
                #expect(user.name == "Ana Lima" && user.role == .admin && !user.isDisabled)
                #expect(user.passwordHash.hasPrefix("$2") && !user.passwordHash.contains(password))
                #expect(await DashboardPasswords.verify(password, against: user.passwordHash))
                let audit = try await storage.dashboardAudit(limit: 10)
                #expect(audit.map(\.action) == ["user.created"] && audit.first?.actor == "landfall users create")
                #expect(audit.first?.after?.contains(#""role":"admin""#) == true && audit.first?.after?.contains("$2") == false)
            }
        }
    }

    @Test("--password-stdin takes the first line of standard input, and refuses one that cannot be a password")
    func passwordFromStandardInput() async throws {
        let directory = try temporaryDataDirectory()
        let given = await runLandfallAsync(["users", "create", "--email", "bo@daily.example.com", "--role", "viewer", "--password-stdin",
                                            "--data-dir", directory], standardInput: "correct horse battery staple\r\nignored\n")
        #expect(given.status == .success && given.standardOutput.isEmpty, "\(given.standardError) \(given.standardOutput)")
        try await CLIDatabase.withStorage(.sqlite(directory: directory)) { storage async throws in
            let user = try #require(try await storage.dashboardUser(email: "bo@daily.example.com"))
            #expect(await DashboardPasswords.verify("correct horse battery staple", against: user.passwordHash))
        }
        for (input, message) in [
            ("", "error: --password-stdin: standard input is empty; give the password on its first line"),
            ("short\n", "error: --password-stdin: a password needs at least 12 characters; this one has 5"),
            ("aaaaaaaaaaaaaaaa", "error: --password-stdin: a password cannot be one character repeated"),
        ] {
            let refused = await runLandfallAsync(["users", "create", "--email", "cy@daily.example.com", "--role", "viewer", "--password-stdin",
                                                  "--data-dir", directory], standardInput: input)
            #expect(refused.status == .usageOrInputError)
            #expect(refused.standardError.trimmingCharacters(in: .newlines) == message)
        }
        try await CLIDatabase.withStorage(.sqlite(directory: directory)) { storage async throws in
            #expect(try await storage.dashboardUser(email: "cy@daily.example.com") == nil)
        }
    }

    @Test("bad arguments are usage errors naming the option", arguments: [
        (["users", "create", "--email", "ana", "--role", "admin"], "error: --email must be an email address such as ana@daily.example.com; 'ana' is not"),
        (["users", "create", "--email", "ana @x.com", "--role", "admin"], "error: --email cannot contain spaces or control characters"),
        (["users", "create", "--email", "", "--role", "admin"], "error: --email must be the address the person signs in with; it is empty"),
        (["users", "create", "--email", "ana@x.com", "--role", "owner"], "error: The value 'owner' is invalid for '--role <role>'"),
        (["users", "create", "--email", "ana@x.com", "--role", "admin", "--name", "   "], "error: --name must be the person's name; it is empty"),
        (["users", "role", "ana@x.com", "owner"], "error: The value 'owner' is invalid for '<role>'"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) async throws {
        let output = await runLandfallAsync(arguments + ["--data-dir", try temporaryDataDirectory()])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix(message), "\(output.standardError)")
    }

    @Test("a second user with the same email in any case is refused with exit status 1, and the first is kept", arguments: CLIDatabase.all)
    func anEmailIsTakenOnce(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            _ = try await Self.create("ana@daily.example.com", role: "admin", options: options)
            let again = await runLandfallAsync(["users", "create", "--email", "ANA@daily.example.com", "--role", "viewer"] + options)
            #expect(again.status == .problemsFound && again.standardOutput.isEmpty)
            #expect(again.standardError.hasPrefix("error: a dashboard user with the email ana@daily.example.com already exists"))
            try await CLIDatabase.withStorage(location) { storage async throws in
                #expect(try await storage.dashboardUsers().map(\.role) == [.admin])
            }
        }
    }

    @Test("list shows every user by email with role and state, as a table and as JSON without hashes", arguments: CLIDatabase.all)
    func listShowsEveryUser(database: CLIDatabase) async throws {
        try await database.withDatabase { options, _ in
            _ = try await Self.create("bo@daily.example.com", role: "viewer", options: options)
            _ = try await Self.create("ana@daily.example.com", role: "admin", options: options)
            #expect(await runLandfallAsync(["users", "disable", "bo@daily.example.com"] + options).status == .success)

            let table = await runLandfallAsync(["users", "list"] + options)
            #expect(table.status == .success)
            #expect(table.lines.count == 3)
            #expect(table.lines[0].hasPrefix("EMAIL "))
            #expect(table.lines[1].hasPrefix("ana@daily.example.com  ana   admin   active "))
            #expect(table.lines[2].hasPrefix("bo@daily.example.com   bo    viewer  disabled "))
            #expect(!table.standardOutput.contains("$2"))

            let json = await runLandfallAsync(["users", "list", "--format", "json"] + options)
            #expect(json.status == .success && !json.standardOutput.contains("$2") && !json.standardOutput.contains("password"))
            #expect(json.standardOutput.contains(#""email" : "ana@daily.example.com""#) || json.standardOutput.contains(#""email": "ana@daily.example.com""#))
            #expect(json.standardOutput.contains(#""disabled": true"#) || json.standardOutput.contains(#""disabled" : true"#))
        }
    }

    @Test("the last enabled admin can be neither disabled nor demoted (exit 1, saying why); with a second admin both work",
          arguments: CLIDatabase.all)
    func theLastAdminStays(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            _ = try await Self.create("ana@daily.example.com", role: "admin", options: options)
            let disabling = await runLandfallAsync(["users", "disable", "ana@daily.example.com"] + options)
            #expect(disabling.status == .problemsFound)
            #expect(disabling.standardError.contains("ana@daily.example.com is the last enabled admin of the dashboard: make another user admin first"))
            let demoting = await runLandfallAsync(["users", "role", "ana@daily.example.com", "editor"] + options)
            #expect(demoting.status == .problemsFound && demoting.standardError.contains("is the last enabled admin"))

            _ = try await Self.create("bo@daily.example.com", role: "editor", options: options)
            let promoted = await runLandfallAsync(["users", "role", "BO@daily.example.com", "admin"] + options)
            #expect(promoted.status == .success)
            #expect(promoted.standardOutput == "bo@daily.example.com is now admin (everything: links, invitations, people, API keys and settings); was editor.\n")
            #expect(await runLandfallAsync(["users", "role", "ana@daily.example.com", "viewer"] + options).status == .success)
            let same = await runLandfallAsync(["users", "role", "ana@daily.example.com", "viewer"] + options)
            #expect(same.status == .success && same.standardOutput.contains("already viewer"))
            try await CLIDatabase.withStorage(location) { storage async throws in
                let users = try await storage.dashboardUsers()
                #expect(users.map(\.role) == [.viewer, .admin])
                let actions = try await storage.dashboardAudit(limit: 10).map(\.action)
                #expect(actions == ["user.role_changed", "user.role_changed", "user.created", "user.created"])
            }
        }
    }

    @Test("reset-password prints a new password that verifies, the old one no longer does, and the user is signed out",
          arguments: CLIDatabase.all)
    func resetPasswordSignsOut(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            let old = try await Self.create("ana@daily.example.com", role: "admin", options: options)
            try await CLIDatabase.withStorage(location) { storage async throws in
                let user = try #require(try await storage.dashboardUser(email: "ana@daily.example.com"))
                try await storage.insert(DashboardSessions.start(for: user, at: Date(), userAgent: "Safari").session)
                _ = try await storage.recordFailedSignIn(ofUser: user.id, at: Date())
            }
            let reset = await runLandfallAsync(["users", "reset-password", "ana@daily.example.com"] + options)
            #expect(reset.status == .success && reset.lines.count == 1)
            let new = try #require(reset.lines.first)
            #expect(new != old && reset.standardError.contains("signed them out everywhere"))
            try await CLIDatabase.withStorage(location) { storage async throws in
                let user = try #require(try await storage.dashboardUser(email: "ana@daily.example.com"))
                #expect(await DashboardPasswords.verify(new, against: user.passwordHash))
                #expect(await !DashboardPasswords.verify(old, against: user.passwordHash))
                #expect(user.failedSignIns == 0)
                #expect(try await storage.dashboardSessions(ofUser: user.id).isEmpty)
                #expect(try await storage.dashboardAudit(limit: 1).first?.action == "user.password_reset")
            }
            let unknown = await runLandfallAsync(["users", "reset-password", "nobody@daily.example.com"] + options)
            #expect(unknown.status == .problemsFound && unknown.standardOutput.isEmpty)
            #expect(unknown.standardError.hasPrefix("error: no dashboard user has the email 'nobody@daily.example.com'"))
        }
    }

    @Test("disable signs the user out and is said once; enable lets them in again", arguments: CLIDatabase.all)
    func disableAndEnable(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            _ = try await Self.create("ana@daily.example.com", role: "admin", options: options)
            _ = try await Self.create("bo@daily.example.com", role: "editor", options: options)
            try await CLIDatabase.withStorage(location) { storage async throws in
                let bo = try #require(try await storage.dashboardUser(email: "bo@daily.example.com"))
                try await storage.insert(DashboardSessions.start(for: bo, at: Date(), userAgent: "Firefox").session)
            }
            let disabled = await runLandfallAsync(["users", "disable", "bo@daily.example.com"] + options)
            #expect(disabled.status == .success && disabled.standardOutput.contains("signed out everywhere"))
            let again = await runLandfallAsync(["users", "disable", "bo@daily.example.com"] + options)
            #expect(again.status == .problemsFound && again.standardError.contains("was already disabled"))
            try await CLIDatabase.withStorage(location) { storage async throws in
                let bo = try #require(try await storage.dashboardUser(email: "bo@daily.example.com"))
                #expect(bo.isDisabled)
                #expect(try await storage.dashboardSessions(ofUser: bo.id).isEmpty)
            }
            #expect(await runLandfallAsync(["users", "enable", "bo@daily.example.com"] + options).status == .success)
            let enabledAgain = await runLandfallAsync(["users", "enable", "bo@daily.example.com"] + options)
            #expect(enabledAgain.status == .problemsFound && enabledAgain.standardError.contains("was already enabled"))
            try await CLIDatabase.withStorage(location) { storage async throws in
                #expect(try await storage.dashboardUser(email: "bo@daily.example.com")?.isDisabled == false)
                #expect(try await storage.dashboardAudit(limit: 2).map(\.action) == ["user.enabled", "user.disabled"])
            }
        }
    }
}
