import AppSiteAssociation
import Foundation
import LandfallJSON

extension BodyReader {
    /// The members of an object, the value of each present and not `null`: `null` for an
    /// optional field is the same as leaving it out.
    static func present(_ members: [String: JSONValue]) -> [String: JSONValue] {
        members.filter { !$0.value.isNull }
    }

    /// `"ios"` or `"android"`: the platforms apps run on.
    mutating func appPlatform(_ value: JSONValue, at path: JSONPath) -> ClickPlatform? {
        guard let text = string(value, at: path) else { return nil }
        switch text {
        case "ios": return .ios
        case "android": return .android
        default:
            let hint = text.lowercased() == "ios" || text.lowercased() == "android" ? " (in lowercase)" : ""
            report(path, "'\(Self.shortened(text))' is not an app platform; write \"ios\" or \"android\"\(hint)", at: value.location)
            return nil
        }
    }

    /// A UUID in any case, returned in lowercase; `what` names it in the message.
    mutating func uuid(_ value: JSONValue, at path: JSONPath, what: String) -> String? {
        guard let text = string(value, at: path) else { return nil }
        guard let uuid = UUID(uuidString: text) else {
            report(path, "'\(Self.shortened(text))' is not \(what): a UUID such as 0193b6b2-8f6e-7c3a-9d41-5a2e6f1c7b80", at: value.location)
            return nil
        }
        return uuid.uuidString.lowercased()
    }

    /// `text` cut to 40 characters for a message.
    static func shortened(_ text: String) -> String {
        text.count > 40 ? text.prefix(40) + "…" : text
    }
}
