import ArgumentParser
import Foundation
import LandfallLinks
import LandfallStorage

/// `landfall users create --email EMAIL --role ROLE`: a new dashboard user, with a password
/// printed once (or read from standard input).
struct UsersCreateCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a dashboard user and print its password (once: only a hash is stored).",
        discussion: """
            Without --password-stdin a password is made (20 letters and digits in groups of five) \
            and printed alone on standard output, what to do with it on standard error, so that a \
            script can capture it:

              PASSWORD=$(landfall users create --email ana@daily.example.com --role editor)

            Give it to the person by a safe way; they sign in with their email and it.

            Exit status: 0 when created, 1 when a user has this email already, 2 for a usage \
            error, a password that cannot be used, or a database that cannot be opened.

            Examples:
              landfall users create --email ana@daily.example.com --role admin --name 'Ana Lima'
              printf '%s\\n' "$PASSWORD" | landfall users create --email bo@daily.example.com --role viewer --password-stdin
            """
    )

    @Option(help: ArgumentHelp("The address the person signs in with.", valueName: "email"))
    var email: String

    @Option(help: "What the person may do: admin (everything), editor (links and invitations) or viewer (reads only).")
    var role: DashboardRole

    @Option(help: ArgumentHelp("What the dashboard calls the person (default: the part of the email before @).", valueName: "name"))
    var name: String?

    @OptionGroup var password: UserPasswordOptions

    @OptionGroup var storage: StorageOptions

    /// The longest name accepted.
    static let maximumNameLength = 100

    func validate() throws {
        if let problem = UserEmail.problem(with: email) { throw ValidationError("--email \(problem)") }
        if let name, let problem = OneLineText.problem(with: name.trimmingCharacters(in: .whitespaces), maximumLength: Self.maximumNameLength,
                                                        emptyMeans: "be the person's name") {
            throw ValidationError("--name \(problem)")
        }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        guard let chosen = password.password(in: context, into: &output) else { return output }
        let email = UserEmail.normalized(email)
        let name = name.map { $0.trimmingCharacters(in: .whitespaces) } ?? String(email.prefix { $0 != "@" })
        let role = role
        let hash = await DashboardPasswords.hash(chosen.password)
        let now = Date()
        let user = DashboardUser(id: DashboardUser.newID(), email: email, name: name, role: role, passwordHash: hash, createdAt: now)
        let created = await storage.withStorage(in: context, mustExist: false, into: &output) { storage throws(StorageError) -> Bool in
            do throws(StorageError) {
                try await storage.insert(user)
            } catch where error.code == .emailTaken(email) {
                return false
            }
            try await storage.recordDashboardAudit(UserAudit.entry("user.created", by: "landfall users create", subject: email,
                                                                   before: nil, after: user, at: now))
            return true
        }
        switch created {
        case nil:
            break
        case false?:
            output.fail("a dashboard user with the email \(TerminalText.visible(email)) already exists; `landfall users list` shows them",
                        status: .problemsFound)
        case true?:
            if chosen.generated { output.print(chosen.password) }
            output.printError("""
                Created the dashboard user \(TerminalText.visible(email)) ('\(TerminalText.visible(name))', \(role.rawValue): \(role.summary)).
                \(chosen.generated ? "Their password is printed above; it will not be shown again (only its hash is stored)." : "Their password is the one given on standard input.")
                They sign in on the dashboard's host (hosts.admin in landfall.yml) with their email and password.
                """)
        }
        return output
    }
}

/// What an email for the dashboard must look like.
enum UserEmail {
    /// `email` as stored: without surrounding spaces, lowercased.
    static func normalized(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// What is wrong with `email`, or `nil`: one `@` with text on both sides, a dot in the
    /// domain, no spaces or control characters, at most 254 characters.
    static func problem(with email: String) -> String? {
        let email = normalized(email)
        if email.isEmpty { return "must be the address the person signs in with; it is empty" }
        if email.count > 254 { return "must be at most 254 characters; it has \(email.count)" }
        if email.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
            return "cannot contain spaces or control characters: '\(TerminalText.visible(email))'"
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix(".") else {
            return "must be an email address such as ana@daily.example.com; '\(TerminalText.visible(email))' is not"
        }
        return nil
    }
}
