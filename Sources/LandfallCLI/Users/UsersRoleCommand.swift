import ArgumentParser
import Foundation
import LandfallLinks
import LandfallStorage

/// `landfall users role EMAIL ROLE`: what a user may do from their next request.
struct UsersRoleCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "role",
        abstract: "Change what a dashboard user may do (from their next request).",
        discussion: """
            The last enabled admin keeps the admin role: make another user admin first.

            Exit status: 0 when changed (or already so), 1 when no user has this email or it is \
            the last admin, 2 for a usage error or a database that cannot be opened.

            Examples:
              landfall users role bo@daily.example.com viewer
              landfall users role ana@daily.example.com admin --data-dir /var/lib/landfall
            """
    )

    @Argument(help: ArgumentHelp("The user's email.", valueName: "email"))
    var email: String

    @Argument(help: "admin (everything), editor (links and invitations) or viewer (reads only).")
    var role: DashboardRole

    @OptionGroup var storage: StorageOptions

    enum Outcome {
        case changed(before: DashboardUser, after: DashboardUser)
        case unchanged(DashboardUser)
        case unknown
        case refused(String)
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        let email = UserEmail.normalized(email)
        let role = role
        let outcome = await storage.withStorage(in: context, mustExist: true, into: &output) { storage throws(StorageError) -> Outcome in
            guard let user = try await storage.dashboardUser(email: email) else { return .unknown }
            if user.role == role { return .unchanged(user) }
            let before: DashboardUser?
            do throws(StorageError) {
                before = try await storage.setDashboardRole(role, ofUser: user.id)
            } catch where error.code == .lastAdministrator(email) {
                return .refused(error.message)
            }
            guard let before else { return .unknown }
            var after = before
            after.role = role
            try await storage.recordDashboardAudit(UserAudit.entry("user.role_changed", by: "landfall users role", subject: email,
                                                                   before: before, after: after, at: Date()))
            return .changed(before: before, after: after)
        }
        switch outcome {
        case nil:
            break
        case .changed(let before, let after)?:
            output.print("\(TerminalText.visible(email)) is now \(after.role.rawValue) (\(after.role.summary)); was \(before.role.rawValue).")
        case .unchanged(let user)?:
            output.print("\(TerminalText.visible(email)) is already \(user.role.rawValue); nothing changed.")
        case .unknown?:
            output.fail("no dashboard user has the email '\(TerminalText.visible(email))'; `landfall users list` shows them", status: .problemsFound)
        case .refused(let message)?:
            output.fail(message, status: .problemsFound)
        }
        return output
    }
}
