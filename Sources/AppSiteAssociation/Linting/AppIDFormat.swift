/// The shape of an app ID: `<Team ID>.<bundle ID>`, where the Team ID is exactly 10 characters
/// `A-Z` or `0-9` and the bundle ID is letters, digits, `-` and `.` in non-empty parts.
///
/// ```swift
/// AppIDFormat.problem(in: "ABCDE12345.com.example.app") // nil
/// AppIDFormat.problem(in: "ABCDE1234.com.example.app")?.message
/// // "the Team ID must be 10 characters A-Z or 0-9, found 9"
/// ```
public enum AppIDFormat {
    /// What is wrong with an app ID, and the corrected ID when the correction is certain.
    public struct Problem: Sendable, Hashable {
        /// What is wrong, in words.
        public var message: String
        /// The app ID as it should probably be written, when that is certain (upper-casing
        /// the Team ID, trimming spaces).
        public var suggestion: String?
    }

    /// The number of characters in a Team ID.
    public static let teamIDLength = 10

    /// What is wrong with `appID`, or `nil` when it is well formed.
    public static func problem(in appID: String) -> Problem? {
        if isWellFormed(appID.utf8) { return nil }
        let trimmed = appID.trimmingASCIIWhitespace()
        if trimmed != appID {
            let inner = problem(in: trimmed)
            return Problem(
                message: "the app ID has spaces around it" + (inner.map { "; also \($0.message)" } ?? ""),
                suggestion: inner == nil ? trimmed : inner?.suggestion
            )
        }
        guard !appID.isEmpty else {
            return Problem(message: "the app ID is empty; expected <Team ID>.<bundle ID>", suggestion: nil)
        }
        let scalars = Array(appID.unicodeScalars)
        guard let dot = scalars.firstIndex(of: ".") else {
            return Problem(message: "expected <Team ID>.<bundle ID>, found no '.'", suggestion: nil)
        }
        let team = scalars[..<dot]
        let bundle = scalars[(dot + 1)...]
        if team.count != teamIDLength {
            return Problem(message: "the Team ID must be \(teamIDLength) characters A-Z or 0-9, found \(team.count)", suggestion: nil)
        }
        if let bad = team.first(where: { !isTeamIDCharacter($0) }) {
            let upper = String(String.UnicodeScalarView(team)).uppercased()
            let fixable = upper.unicodeScalars.allSatisfy(isTeamIDCharacter)
            return Problem(
                message: "the Team ID may contain only A-Z and 0-9, found \(describe(bad))",
                suggestion: fixable ? upper + "." + String(String.UnicodeScalarView(bundle)) : nil
            )
        }
        if bundle.isEmpty {
            return Problem(message: "the bundle ID after the Team ID is empty", suggestion: nil)
        }
        if let bad = bundle.first(where: { !isBundleIDCharacter($0) }) {
            return Problem(message: "a bundle ID may contain only letters, digits, '-' and '.', found \(describe(bad))", suggestion: nil)
        }
        if bundle.first == "." || bundle.last == "." || zip(bundle, bundle.dropFirst()).contains(where: { $0 == "." && $1 == "." }) {
            return Problem(message: "the bundle ID has an empty part between dots", suggestion: nil)
        }
        return nil
    }

    /// The common case, quickly: ASCII, ten Team ID characters, a dot, dot-separated non-empty parts.
    static func isWellFormed(_ bytes: String.UTF8View) -> Bool {
        var count = 0
        var previous: UInt8 = 0
        for byte in bytes {
            if count < teamIDLength {
                guard (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else { return false }
            } else if count == teamIDLength {
                guard byte == UInt8(ascii: ".") else { return false }
            } else if byte == UInt8(ascii: ".") {
                guard previous != UInt8(ascii: ".") else { return false }
            } else {
                guard isBundleIDCharacter(Unicode.Scalar(byte)) else { return false }
            }
            previous = byte
            count += 1
        }
        return count > teamIDLength + 1 && previous != UInt8(ascii: ".")
    }

    static func isTeamIDCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    static func isBundleIDCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "-" || scalar == "."
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case " ": "a space"
        case "\t": "a tab"
        default: scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F ? "'\(Character(scalar))'" : "U+\(String(scalar.value, radix: 16, uppercase: true))"
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
