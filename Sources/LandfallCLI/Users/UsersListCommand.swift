import ArgumentParser
import Foundation
import LandfallJSON
import LandfallStorage

/// `landfall users list`: every dashboard user, by email, without password hashes.
struct UsersListCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the dashboard's users: email, name, role, state, last sign-in.",
        discussion: """
            Users are listed by email, disabled ones too (dimmed on a terminal). Times are UTC. \
            A user whose wrong passwords have started to slow their sign-in shows how many.

            With --format json: an array of {"email", "name", "role", "disabled", "createdAt", \
            "lastSignInAt"}, times as RFC 3339 (null when never signed in).

            Examples:
              landfall users list
              landfall users list --format json --database-url postgres://db.internal/landfall
            """
    )

    @OptionGroup var output: OutputFormatOptions

    @OptionGroup var storage: StorageOptions

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        let users = await storage.withStorage(in: context, mustExist: true, into: &result) { storage throws(StorageError) in
            try await storage.dashboardUsers()
        }
        guard let users else { return result }
        switch output.format {
        case .json:
            result.standardOutput = JSONWriter.pretty.string(for: .array(users.map(UserAudit.json)))
        case .text:
            guard !users.isEmpty else {
                result.print("No dashboard users yet. Create one with: landfall users create --email EMAIL --role admin")
                return result
            }
            let lockout = SignInLockout()
            let rows = [["EMAIL", "NAME", "ROLE", "STATE", "LAST SIGN-IN (UTC)", "CREATED (UTC)"]] + users.map { user in
                var state = user.isDisabled ? "disabled" : "active"
                if !user.isDisabled, user.failedSignIns >= lockout.freeFailures {
                    state += " (\(user.failedSignIns) wrong passwords)"
                }
                return [user.email, user.name, user.role.rawValue, state, user.lastSignInAt.map(KeysListCommand.text) ?? "never",
                        KeysListCommand.text(user.createdAt)]
            }
            for (index, var line) in TextTable.lines(rows).enumerated() {
                if index == 0 {
                    line = context.style.paint(line, .bold)
                } else if users[index - 1].isDisabled {
                    line = context.style.paint(line, .dim)
                }
                result.print(line)
            }
        }
        return result
    }
}
