import ArgumentParser
import LandfallStorage

/// `--password-stdin`: read the new password from standard input instead of making one.
struct UserPasswordOptions: ParsableArguments {
    @Flag(name: .customLong("password-stdin"),
          help: """
            Read the password from the first line of standard input instead of making one \
            (at least \(DashboardPasswords.minimumLength) characters, at most \(DashboardPasswords.maximumBytes) bytes).
            """)
    var readsStandardInput = false

    /// The password to set, as ``password(in:)`` gives it, or `nil` with the reason in `output`
    /// (a usage error).
    func password(in context: CommandContext, into output: inout CommandOutput) -> (password: String, generated: Bool)? {
        do {
            return try password(in: context)
        } catch {
            output.fail(error.message, status: .usageOrInputError)
            return nil
        }
    }

    /// The password to set: read from standard input, or made, with whether it was made (and
    /// must be printed).
    ///
    /// - Throws: A message naming what is wrong with the password read.
    func password(in context: CommandContext) throws(UserPasswordError) -> (password: String, generated: Bool) {
        guard readsStandardInput else { return (DashboardPasswords.generate(), true) }
        let bytes: [UInt8]
        do {
            bytes = try context.readStandardInput(4096)
        } catch {
            throw UserPasswordError(message: "cannot read the password from standard input: \(error)")
        }
        guard bytes.count <= 4096 else { throw UserPasswordError(message: "--password-stdin: standard input holds more than one password") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw UserPasswordError(message: "--password-stdin: the password is not UTF-8 text")
        }
        // "\r\n" is one Character in Swift: split on any line break, not on "\n" alone.
        let line = text.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard !line.isEmpty else { throw UserPasswordError(message: "--password-stdin: standard input is empty; give the password on its first line") }
        if let problem = DashboardPasswords.problem(with: line) { throw UserPasswordError(message: "--password-stdin: \(problem)") }
        return (line, false)
    }
}

/// Why a password cannot be set.
struct UserPasswordError: Error {
    var message: String
}
