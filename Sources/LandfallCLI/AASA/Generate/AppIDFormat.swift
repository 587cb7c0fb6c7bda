/// Checks the shape of an app ID, `<Team ID>.<bundle ID>`, such as `ABCDE12345.com.example.app`.
///
/// ```swift
/// AppIDFormat.problem(with: "ABCDE12345.com.example.app") // nil
/// AppIDFormat.problem(with: "abcde12345.com.example.app")
/// // "the Team ID \"abcde12345\" must be 10 upper-case letters or digits (A-Z, 0-9)"
/// ```
enum AppIDFormat {
    /// What is wrong with `appID`, in words, or `nil` when it is well formed.
    static func problem(with appID: String) -> String? {
        let example = "write <Team ID>.<bundle ID>, such as ABCDE12345.com.example.app"
        guard let dot = appID.firstIndex(of: ".") else {
            return "\"\(appID)\" is not an app ID: \(example)"
        }
        let team = appID[..<dot]
        let bundle = appID[appID.index(after: dot)...]
        guard team.count == 10, team.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) else {
            return "the Team ID \"\(team)\" in \"\(appID)\" must be 10 upper-case letters or digits (A-Z, 0-9)"
        }
        guard !bundle.isEmpty else {
            return "\"\(appID)\" has no bundle ID after the Team ID: \(example)"
        }
        let allowed = bundle.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
        }
        guard allowed, !bundle.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
            return "the bundle ID \"\(bundle)\" in \"\(appID)\" may hold only letters, digits, '-' and '.', with no empty part"
        }
        return nil
    }
}
