import AppSiteAssociation
import Foundation
import LandfallJSON

extension BodyReader {
    /// The members of an object that are not `null`, after reporting each optional member that
    /// is: the API's request schemas (`openapi/landfall.yaml`) give no optional field of a body
    /// that creates something the value `null`, so it is refused rather than read as "left
    /// out", and a client that meant to send a value learns that it did not. `absent` says, for
    /// each optional field, what leaving it out means: `["campaign": "no campaign"]` reports
    /// `campaign: may not be null; leave it out for no campaign`.
    ///
    /// Required members are not looked at: their callers say what `null` lacks.
    mutating func optionalMembers(_ members: [String: JSONValue], at path: JSONPath, absent: KeyValuePairs<String, String>) -> [String: JSONValue] {
        for (name, meaning) in absent {
            if let value = members[name], value.isNull {
                cannotBeNull(value, at: path.appending(name), because: "leave it out for \(meaning)")
            }
        }
        return members.filter { !$0.value.isNull }
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
