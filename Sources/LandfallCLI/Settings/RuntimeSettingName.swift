import ArgumentParser
import LandfallStorage

/// The name of a runtime setting on the command line, such as `invitations-required`.
enum RuntimeSettingName: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// ``RuntimeSettings/invitationsRequired``.
    case invitationsRequired = "invitations-required"

    /// The setting's value in `settings`, as the command line writes it.
    func value(in settings: RuntimeSettings) -> String {
        switch self {
        case .invitationsRequired: String(settings.invitationsRequired)
        }
    }

    /// The values the setting takes, for messages.
    var allowedValues: String {
        switch self {
        case .invitationsRequired: "true or false"
        }
    }

    /// `settings` with this setting set to `text`, or `nil` when `text` is not one of its values.
    func applied(_ text: String, to settings: RuntimeSettings) -> RuntimeSettings? {
        var settings = settings
        switch self {
        case .invitationsRequired:
            switch text.lowercased() {
            case "true": settings.invitationsRequired = true
            case "false": settings.invitationsRequired = false
            default: return nil
            }
        }
        return settings
    }
}
