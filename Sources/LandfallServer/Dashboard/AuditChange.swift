import LandfallJSON

/// What an audit entry changed, for people: the fields whose value differs between the JSON
/// objects before and after, each as `name: old → new` (only the new value for a thing made,
/// only the old one for a thing removed). Text that is not a JSON object is shown as it is.
///
/// ```swift
/// AuditChange.lines(before: #"{"role":"editor","name":"Bo"}"#, after: #"{"role":"viewer","name":"Bo"}"#)
/// // ["role: editor → viewer"]
/// ```
enum AuditChange {
    static func lines(before: String?, after: String?) -> [String] {
        let old = before.flatMap(members)
        let new = after.flatMap(members)
        switch (old, new) {
        case (nil, nil):
            return [before, after].compactMap { $0 }
        case (let old?, nil):
            return old.map { "\($0.key): \(text($0.value))" }
        case (nil, let new?):
            return new.map { "\($0.key): \(text($0.value))" }
        case (let old?, let new?):
            let oldByKey = Dictionary(old.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            let newKeys = Set(new.map(\.key))
            var lines: [String] = []
            for member in new where oldByKey[member.key] != member.value {
                let previous = oldByKey[member.key].map(text) ?? "(none)"
                lines.append("\(member.key): \(previous) → \(text(member.value))")
            }
            for member in old where !newKeys.contains(member.key) {
                lines.append("\(member.key): \(text(member.value)) → (none)")
            }
            return lines
        }
    }

    private static func members(_ text: String) -> [JSONMember]? {
        (try? JSONValue.parse(text))?.objectMembers
    }

    /// A value as people read it: a string without quotes, anything else as compact JSON.
    private static func text(_ value: JSONValue) -> String {
        value.stringValue ?? value.description
    }
}
