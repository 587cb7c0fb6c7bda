import ArgumentParser
import Foundation
import LandfallStorage

/// `landfall users disable EMAIL`: the user cannot sign in, and is signed out everywhere.
struct UsersDisableCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable",
        abstract: "Stop a dashboard user from signing in, and sign them out everywhere.",
        discussion: """
            The user stays in the list (disabled) and in the audit log; `landfall users enable` \
            lets them sign in again. The last enabled admin cannot be disabled.

            Exit status: 0 when disabled, 1 when no user has this email, it was already disabled \
            or it is the last admin, 2 for a usage error or a database that cannot be opened.

            Example:
              landfall users disable bo@daily.example.com
            """
    )

    @Argument(help: ArgumentHelp("The user's email.", valueName: "email"))
    var email: String

    @OptionGroup var storage: StorageOptions

    func execute(in context: CommandContext) async -> CommandOutput {
        await UsersSwitch.run(enabling: false, email: email, storage: storage, in: context)
    }
}

/// `landfall users enable EMAIL`: a disabled user may sign in again.
struct UsersEnableCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable",
        abstract: "Let a disabled dashboard user sign in again.",
        discussion: """
            Their password is the one they had; reset it with `landfall users reset-password` \
            if it may be known to someone else.

            Exit status: 0 when enabled, 1 when no user has this email or it was not disabled, \
            2 for a usage error or a database that cannot be opened.

            Example:
              landfall users enable bo@daily.example.com
            """
    )

    @Argument(help: ArgumentHelp("The user's email.", valueName: "email"))
    var email: String

    @OptionGroup var storage: StorageOptions

    func execute(in context: CommandContext) async -> CommandOutput {
        await UsersSwitch.run(enabling: true, email: email, storage: storage, in: context)
    }
}

/// Disabling and enabling, which differ only in direction.
enum UsersSwitch {
    enum Outcome {
        case switched(before: DashboardUser)
        case alreadySo
        case unknown
        case refused(String)
    }

    static func run(enabling: Bool, email: String, storage options: StorageOptions, in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        let email = UserEmail.normalized(email)
        let outcome = await options.withStorage(in: context, mustExist: true, into: &output) { storage throws(StorageError) -> Outcome in
            guard let user = try await storage.dashboardUser(email: email) else { return .unknown }
            let now = Date()
            let switched: Bool
            do throws(StorageError) {
                switched = enabling ? try await storage.enableDashboardUser(id: user.id) : try await storage.disableDashboardUser(id: user.id, at: now)
            } catch where error.code == .lastAdministrator(email) {
                return .refused(error.message)
            }
            guard switched else { return .alreadySo }
            var after = user
            after.disabledAt = enabling ? nil : now
            try await storage.recordDashboardAudit(UserAudit.entry(enabling ? "user.enabled" : "user.disabled",
                                                                   by: enabling ? "landfall users enable" : "landfall users disable",
                                                                   subject: email, before: user, after: after, at: now))
            return .switched(before: user)
        }
        let shown = TerminalText.visible(email)
        switch outcome {
        case nil:
            break
        case .switched?:
            output.print(enabling ? "Enabled \(shown): they can sign in again." : "Disabled \(shown): they cannot sign in, and were signed out everywhere.")
        case .alreadySo?:
            output.fail("\(shown) was already \(enabling ? "enabled" : "disabled"); nothing changed", status: .problemsFound)
        case .unknown?:
            output.fail("no dashboard user has the email '\(shown)'; `landfall users list` shows them", status: .problemsFound)
        case .refused(let message)?:
            output.fail(message, status: .problemsFound)
        }
        return output
    }
}
