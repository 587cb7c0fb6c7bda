import ArgumentParser
import Foundation
import LandfallStorage

/// `landfall users reset-password EMAIL`: a new password, printed once; the user is signed out
/// everywhere.
struct UsersResetPasswordCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-password",
        abstract: "Give a dashboard user a new password and sign them out everywhere.",
        discussion: """
            Without --password-stdin a password is made and printed alone on standard output \
            (once: only its hash is stored). The user's sessions end at once, and the wrong \
            passwords that were slowing their sign-in are forgotten. A disabled user stays \
            disabled.

            Exit status: 0 when reset, 1 when no user has this email, 2 for a usage error, a \
            password that cannot be used, or a database that cannot be opened.

            Examples:
              landfall users reset-password ana@daily.example.com
              printf '%s\\n' "$NEW_PASSWORD" | landfall users reset-password ana@daily.example.com --password-stdin
            """
    )

    @Argument(help: ArgumentHelp("The user's email.", valueName: "email"))
    var email: String

    @OptionGroup var password: UserPasswordOptions

    @OptionGroup var storage: StorageOptions

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        guard let chosen = password.password(in: context, into: &output) else { return output }
        let email = UserEmail.normalized(email)
        let hash = await DashboardPasswords.hash(chosen.password)
        let reset = await storage.withStorage(in: context, mustExist: true, into: &output) { storage throws(StorageError) -> Bool in
            guard let user = try await storage.dashboardUser(email: email) else { return false }
            let now = Date()
            guard try await storage.setDashboardPassword(hash: hash, ofUser: user.id, at: now) else { return false }
            try await storage.recordDashboardAudit(UserAudit.entry("user.password_reset", by: "landfall users reset-password", subject: email,
                                                                   before: nil, after: nil, at: now))
            return true
        }
        switch reset {
        case nil:
            break
        case false?:
            output.fail("no dashboard user has the email '\(TerminalText.visible(email))'; `landfall users list` shows them", status: .problemsFound)
        case true?:
            if chosen.generated { output.print(chosen.password) }
            output.printError("""
                Reset the password of \(TerminalText.visible(email)) and signed them out everywhere.
                \(chosen.generated ? "The new password is printed above; it will not be shown again." : "The new password is the one given on standard input.")
                """)
        }
        return output
    }
}
