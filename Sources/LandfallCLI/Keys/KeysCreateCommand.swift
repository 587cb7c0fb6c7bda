import ArgumentParser
import Foundation
import LandfallLinks
import LandfallStorage

/// `landfall keys create --name NAME --scope read|write|webhooks`: makes an API key and prints it once.
struct KeysCreateCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create an API key and print it (once: only its hash is stored).",
        discussion: """
            Prints the key alone on standard output, and what to do with it on standard error, \
            so that a script can capture it:

              KEY=$(landfall keys create --name ci --scope read)

            Copy the key when it is printed: it cannot be shown again. Lost keys are revoked \
            (`landfall keys revoke ID`) and replaced. The name is for people: it says what the \
            key is for (1 to \(Self.maximumNameLength) characters; names need not be unique).

            Examples:
              landfall keys create --name ci --scope write
              landfall keys create --name 'marketing site' --scope read --data-dir /var/lib/landfall
              landfall keys create --name crm-webhooks --scope webhooks
            """
    )

    /// The longest name accepted.
    static let maximumNameLength = APIKeyName.maximumLength

    @Option(help: ArgumentHelp("What the key is for, such as ci or 'marketing site'.", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("What the key may do: \(APIKeyScope.choices)."))
    var scope: APIKeyScope

    @OptionGroup var storage: StorageOptions

    /// The name as stored: without surrounding spaces.
    var keyName: String { APIKeyName.trimmed(name) }

    func validate() throws {
        if let problem = Self.problem(withName: keyName) { throw ValidationError("--name \(problem)") }
    }

    /// What is wrong with `name`, or `nil` when it is a good key name.
    static func problem(withName name: String) -> String? {
        APIKeyName.problem(with: name)
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        let name = keyName
        let scope = self.scope
        let key = await storage.withStorage(in: context, mustExist: false, into: &output) { storage throws(StorageError) in
            let key = APIKeys.generate(name: name, scope: scope, at: Date())
            try await storage.insert(key.record)
            return key
        }
        guard let key else { return output }
        output.print(key.text)
        var revoke = "landfall keys revoke \(key.record.id)"
        if storage.databaseURL == nil, storage.dataDirectory != StorageOptions.defaultDataDirectory {
            revoke += " --data-dir " + Self.shellQuoted(storage.dataDirectory)
        }
        output.printError("""
            Created the API key '\(TerminalText.visible(name))' (id \(key.record.id), scope \(scope.rawValue)), printed above.
            Copy it now: it will not be shown again (only its hash is stored).
            Send it with each API request as the header:  Authorization: Bearer <key>
            Revoke it with:  \(revoke)
            """)
        return output
    }

    /// `text` as a shell word: as it is when it has only safe characters, else single-quoted.
    static func shellQuoted(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "/._-+:=@,".unicodeScalars.contains(scalar))
        }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
