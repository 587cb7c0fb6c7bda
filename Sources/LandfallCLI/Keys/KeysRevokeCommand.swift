import ArgumentParser
import Foundation
import LandfallStorage

/// `landfall keys revoke ID`: the key stops working at its next request.
struct KeysRevokeCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke an API key: the server refuses it from its next request.",
        discussion: """
            ID is the key's id, as `landfall keys list` shows it; the key itself (lf_<id>_<secret>) \
            is accepted too. A revoked key stays in the list, marked with when it was revoked; \
            it cannot be enabled again (create a new one).

            Exit status: 0 when the key was revoked, 1 when no key has this id or it was already \
            revoked, 2 for a usage error or a database that cannot be opened.

            Examples:
              landfall keys revoke Q2x8Vd0mK3pa
              landfall keys revoke Q2x8Vd0mK3pa --data-dir /var/lib/landfall
            """
    )

    @Argument(help: ArgumentHelp("The key's id (or the key itself).", valueName: "id"))
    var id: String

    @OptionGroup var storage: StorageOptions

    /// The id to revoke: `id`, or the id part of a whole key.
    var keyID: String {
        APIKeys.parse(id)?.id ?? id.trimmingCharacters(in: .whitespaces)
    }

    func validate() throws {
        guard !keyID.isEmpty else { throw ValidationError("ID must be a key's id, as `landfall keys list` shows it; it is empty") }
    }

    /// What happened to the key.
    enum Outcome {
        case revoked(APIKeyRecord)
        case alreadyRevoked(APIKeyRecord)
        case unknown
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        let id = keyID
        let outcome = await storage.withStorage(in: context, mustExist: true, into: &output) { storage throws(StorageError) -> Outcome in
            guard let key = try await storage.apiKey(id: id) else { return .unknown }
            if key.isRevoked { return .alreadyRevoked(key) }
            // `false` here means another process revoked it in the meantime.
            guard try await storage.revokeAPIKey(id: id, at: Date()) else {
                return .alreadyRevoked(try await storage.apiKey(id: id) ?? key)
            }
            return .revoked(key)
        }
        switch outcome {
        case nil:
            break
        case .revoked(let key)?:
            output.print("Revoked the API key \(TerminalText.visible(key.id)) ('\(TerminalText.visible(key.name))', scope \(key.scope.rawValue)): it is refused from now on.")
        case .alreadyRevoked(let key)?:
            let when = key.revokedAt.map { " on \(KeysListCommand.text($0)) UTC" } ?? ""
            output.fail("the API key \(TerminalText.visible(key.id)) ('\(TerminalText.visible(key.name))') was already revoked\(when)", status: .problemsFound)
        case .unknown?:
            output.fail("no API key has the id '\(TerminalText.visible(id))'; `landfall keys list` shows the keys", status: .problemsFound)
        }
        return output
    }
}
