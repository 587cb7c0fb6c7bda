import AppSiteAssociation
import ArgumentParser
import Foundation
import LandfallJSON
import LandfallStorage

/// `landfall settings show`: every runtime setting and when they were last changed.
struct SettingsShowCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the runtime settings and when they were last changed.",
        discussion: """
            A setting never changed has its default. Times are UTC.

            With --format json: {"invitationsRequired": false, "updatedAt": null}, as \
            GET /v1/settings answers.

            Examples:
              landfall settings show
              landfall settings show --format json --database-url postgres://db.internal/landfall
            """
    )

    @OptionGroup var output: OutputFormatOptions

    @OptionGroup var storage: StorageOptions

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        let found = await storage.withStorage(in: context, mustExist: true, into: &result) { storage throws(StorageError) in
            try await storage.runtimeSettings()
        }
        guard let settings = found else { return result }
        switch output.format {
        case .json:
            result.standardOutput = JSONWriter.pretty.string(for: Self.json(settings))
        case .text:
            for name in RuntimeSettingName.allCases {
                result.print("\(name.rawValue): \(name.value(in: settings))")
            }
            result.print(settings.updatedAt.map { "(last changed \(KeysListCommand.text($0)) UTC)" } ?? "(never changed: the defaults)")
        }
        return result
    }

    /// The settings as `GET /v1/settings` writes them.
    static func json(_ settings: RuntimeSettings) -> JSONValue {
        .object([
            ("invitationsRequired", .bool(settings.invitationsRequired)),
            ("updatedAt", settings.updatedAt.map { .string($0.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))) } ?? .null),
        ])
    }
}
