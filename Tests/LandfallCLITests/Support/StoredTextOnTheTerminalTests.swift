import Foundation
import LandfallCLI
import LandfallLinks
import LandfallStorage
import Logging
import Testing

/// Text stored in the database (by the API, another tool, a restored backup) never reaches the
/// operator's terminal raw: every command that prints it shows a control character as a
/// visible escape such as `\u{1B}` (issue 15, finding 6: `invites list` printed a campaign's
/// `ESC ] 0 ; … BEL`, which sets the terminal's title), and ordinary Unicode as it is.
@Suite struct StoredTextOnTheTerminalTests {
    /// A hostile value and how it is shown.
    struct Hostile: Sendable, CustomTestStringConvertible {
        var name: String
        var value: String
        var visible: String
        var testDescription: String { name }
    }

    static let hostileValues: [Hostile] = [
        Hostile(name: "ESC ] (set the title) ended by BEL", value: "\u{1B}]0;pwned\u{07}", visible: #"\u{1B}]0;pwned\u{7}"#),
        Hostile(name: "ESC [ (clear the screen)", value: "\u{1B}[2J\u{1B}[H", visible: #"\u{1B}[2J\u{1B}[H"#),
        Hostile(name: "BEL", value: "ring\u{07}", visible: #"ring\u{7}"#),
        Hostile(name: "CR (overwrite the line)", value: "ok\rFAKE", visible: #"ok\u{D}FAKE"#),
        Hostile(name: "LF (a fake line)", value: "ok\nFAKE", visible: #"ok\u{A}FAKE"#),
        // (No NUL: SQLite ends a text at one, so it is never stored.)
        Hostile(name: "TAB", value: "a\tb", visible: #"a\u{9}b"#),
        Hostile(name: "DEL", value: "a\u{7F}b", visible: #"a\u{7F}b"#),
        Hostile(name: "right-to-left override", value: "txt.\u{202E}exe", visible: #"txt.\u{202E}exe"#),
        Hostile(name: "bidi isolate", value: "a\u{2066}b\u{2069}", visible: #"a\u{2066}b\u{2069}"#),
        Hostile(name: "C1 CSI (0x9B)", value: "\u{9B}31mred", visible: #"\u{9B}31mred"#),
    ]

    /// The commands that print stored text, each with the value stored where it prints it.
    enum Printer: String, CaseIterable, Sendable {
        case invitesListCampaign = "invites list (campaign)"
        case invitesListNote = "invites list (note)"
        case invitesAudit = "invites audit (code, reason, address)"
        case keysList = "keys list (name)"
        case keysRevoke = "keys revoke (name)"
        case keysRevokeAgain = "keys revoke, already revoked (name)"

        /// Stores `value` through the real storage in a new SQLite database, runs the command
        /// on it and gives what it printed.
        func output(storing value: String) async throws -> CommandOutput {
            let directory = try temporaryDataDirectory()
            let storage = try await Storage.open(.sqlite(directory: directory), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
            let now = Date()
            let arguments: [String]
            do {
                arguments = try await store(value, in: storage, at: now)
            } catch {
                await storage.close()
                throw error
            }
            await storage.close()
            return await runLandfallAsync(arguments + ["--data-dir", directory])
        }

        /// Stores `value` where the command prints it and gives the command's arguments.
        private func store(_ value: String, in storage: Storage, at now: Date) async throws -> [String] {
            switch self {
            case .invitesListCampaign, .invitesListNote:
                let draft = self == .invitesListNote ? InvitationBatchDraft(count: 1, note: value) : InvitationBatchDraft(count: 1, campaign: value)
                _ = try await storage.createInvitations(draft, at: now)
                return ["invites", "list"]
            case .invitesAudit:
                try await storage.recordInvitationAudit([
                    InvitationAuditEntry(at: now, action: .refused, code: value, reason: value, addressHash: value),
                ])
                return ["invites", "audit"]
            case .keysList, .keysRevoke, .keysRevokeAgain:
                let key = APIKeys.generate(name: value, scope: .read, at: now).record
                try await storage.insert(key)
                if self == .keysRevokeAgain { _ = try await storage.revokeAPIKey(id: key.id, at: now) }
                return self == .keysList ? ["keys", "list"] : ["keys", "revoke", key.id]
            }
        }
    }

    /// Whether `scalar` would act on a terminal instead of being shown: a C0 or C1 control
    /// character, DEL, a bidirectional formatting character or a line or paragraph separator.
    static func acts(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
            || [0x061C, 0x200E, 0x200F, 0x2028, 0x2029].contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    @Test(arguments: Printer.allCases, hostileValues)
    func aStoredControlCharacterIsPrintedAsAVisibleEscape(printer: Printer, hostile: Hostile) async throws {
        let output = try await printer.output(storing: "before" + hostile.value + "after")
        let printed = output.standardOutput + output.standardError
        #expect(!printed.unicodeScalars.contains { $0 != "\n" && Self.acts($0) }, "\(printed.debugDescription)")
        #expect(printed.contains("before" + hostile.visible + "after"), "\(printed)")
    }

    @Test(arguments: Printer.allCases)
    func ordinaryUnicodeIsPrintedAsItIs(printer: Printer) async throws {
        let value = "Café Ünïcödé 🎉 👩‍👩‍👧 🇫🇷 日本語 עברית"
        let output = try await printer.output(storing: value)
        #expect((output.standardOutput + output.standardError).contains(value), "\(output)")
    }
}
