import ArgumentParser
import Foundation
import LandfallStorage

/// `landfall settings set NAME VALUE`: changes one runtime setting for every server.
struct SettingsSetCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a runtime setting; every server sees it within a second.",
        discussion: """
            Settings:
              invitations-required  true or false (default false): the app asks for an invitation

            The database must exist already (`landfall serve` creates it), so that a mistyped \
            --data-dir does not leave a database behind.

            Examples:
              landfall settings set invitations-required true
              landfall settings set invitations-required false --data-dir /var/lib/landfall
            """
    )

    @Argument(help: ArgumentHelp("The setting to change.", valueName: "name"))
    var name: RuntimeSettingName

    @Argument(help: ArgumentHelp("Its new value.", valueName: "value"))
    var value: String

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        guard name.applied(value, to: RuntimeSettings()) != nil else {
            throw ValidationError("\(name.rawValue) is \(name.allowedValues), not '\(value)'")
        }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        let name = self.name
        let value = self.value
        let changed = await storage.withStorage(in: context, mustExist: true, into: &result) { storage throws(StorageError) -> (RuntimeSettings, RuntimeSettings)? in
            let before = try await storage.runtimeSettings()
            guard let wanted = name.applied(value, to: before) else { return nil }
            return (before, try await storage.update(wanted, at: Date()))
        }
        guard let changed else { return result }
        guard let (before, after) = changed else {
            result.fail("\(name.rawValue) is \(name.allowedValues), not '\(value)'", status: .usageOrInputError)
            return result
        }
        let was = name.value(in: before), now = name.value(in: after)
        result.print(was == now
            ? "\(name.rawValue) is \(now), as it was."
            : "\(name.rawValue) is now \(now) (it was \(was)); every server sees it within a second.")
        return result
    }
}
