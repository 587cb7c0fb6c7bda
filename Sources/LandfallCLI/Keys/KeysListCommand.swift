import AppSiteAssociation
import ArgumentParser
import Foundation
import LandfallJSON
import LandfallStorage

/// `landfall keys list`: every API key, oldest first, without secrets.
struct KeysListCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the API keys: id, name, scope, when created, last used and revoked.",
        discussion: """
            Keys are listed oldest first, revoked ones too. Neither the keys nor their hashes \
            are ever printed. Times are UTC; the last use is noted at most once a minute.

            With --format json: an array of {"id", "name", "scope", "createdAt", "lastUsedAt", \
            "revokedAt"}, times as RFC 3339 (null when never used, not revoked).

            Examples:
              landfall keys list --format json
              landfall keys list --database-url postgres://db.internal/landfall
            """
    )

    @OptionGroup var output: OutputFormatOptions

    @OptionGroup var storage: StorageOptions

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        let keys = await storage.withStorage(in: context, mustExist: true, into: &result) { storage throws(StorageError) in
            try await storage.apiKeys()
        }
        guard let keys else { return result }
        switch output.format {
        case .json:
            result.standardOutput = JSONWriter.pretty.string(for: .array(keys.map(Self.json)))
        case .text:
            guard !keys.isEmpty else {
                result.print("No API keys yet. Create one with: landfall keys create --name NAME --scope read|write|webhooks")
                return result
            }
            let style = context.style
            let rows = [["ID", "NAME", "SCOPE", "CREATED (UTC)", "LAST USED", "REVOKED"]] + keys.map { key in
                [key.id, key.name, key.scope.rawValue, Self.text(key.createdAt),
                 key.lastUsedAt.map(Self.text) ?? "never", key.revokedAt.map(Self.text) ?? "-"]
            }
            for (index, var line) in TextTable.lines(rows).enumerated() {
                if index == 0 {
                    line = style.paint(line, .bold)
                } else if keys[index - 1].isRevoked {
                    line = style.paint(line, .dim)
                }
                result.print(line)
            }
        }
        return result
    }

    /// A key as JSON: never its hash.
    static func json(_ key: APIKeyRecord) -> JSONValue {
        .object([
            ("id", .string(key.id)),
            ("name", .string(key.name)),
            ("scope", .string(key.scope.rawValue)),
            ("createdAt", .string(key.createdAt.formatted(.iso8601))),
            ("lastUsedAt", key.lastUsedAt.map { .string($0.formatted(.iso8601)) } ?? .null),
            ("revokedAt", key.revokedAt.map { .string($0.formatted(.iso8601)) } ?? .null),
        ])
    }

    /// `2026-11-21 17:30`, in UTC.
    static func text(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "??" }
        return "\(parts.year.map(String.init) ?? "????")-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }
}
