import LandfallJSON
/// One problem a linter found: a stable code, a severity, where it is, what is wrong, and how
/// to fix it.
///
/// ```
/// warning[aasa.unknown-key] applinks.details[0].casesensitive (line 7, column 9): unknown key "casesensitive"; iOS ignores it
///   fix: did you mean "caseSensitive"?
/// ```
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious a problem is.
    public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        /// Informational: legal and working, but worth knowing (a legacy form, say).
        case info
        /// Probably a bug: iOS accepts it but it does not do what it seems to (`--strict` fails on it).
        case warning
        /// iOS (or Android) will not read or apply this as intended.
        case error

        private var rank: Int { [.info: 0, .warning: 1, .error: 2][self] ?? 0 }

        /// Orders info < warning < error.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// A stable identifier, such as `aasa.unknown-key`; codes never change meaning.
    public var code: String
    /// How serious it is.
    public var severity: Severity
    /// Where in the document, when the problem has a place.
    public var path: JSONPath?
    /// Where in the source text, when known.
    public var location: SourceLocation?
    /// What is wrong, in words.
    public var message: String
    /// What to do about it, when there is a concrete fix.
    public var fix: String?

    /// Creates a diagnostic.
    public init(code: String, severity: Severity, path: JSONPath? = nil, location: SourceLocation? = nil, message: String, fix: String? = nil) {
        self.code = code
        self.severity = severity
        self.path = path
        self.location = location
        self.message = message
        self.fix = fix
    }

    /// `severity[code] path (line, column): message`, and the fix on a second line.
    public var description: String {
        var place = path.map { " \($0)" } ?? ""
        if let location { place += " (\(location))" }
        return "\(severity.rawValue)[\(code)]\(place): \(message)" + (fix.map { "\n  fix: \($0)" } ?? "")
    }
}

/// Everything a linter found in one file.
public struct LintReport: Sendable, Hashable, Codable {
    /// The problems, in document order.
    public var diagnostics: [Diagnostic]

    /// Creates a report.
    public init(diagnostics: [Diagnostic] = []) {
        self.diagnostics = diagnostics
    }

    /// The diagnostics of one severity.
    public func diagnostics(_ severity: Diagnostic.Severity) -> [Diagnostic] {
        diagnostics.filter { $0.severity == severity }
    }

    /// Whether the file passes: no errors, and with `strict`, no warnings either.
    public func passes(strict: Bool) -> Bool {
        !diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }

    /// The codes found, in order, with repeats (handy in tests).
    public var codes: [String] { diagnostics.map(\.code) }
}

/// A catalogue of stable lint codes (``AASALintCode``, ``AssetLinksLintCode``): each code's
/// string, the severity it is always reported with, and a one-line meaning.
public protocol LintCode: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// The severity every diagnostic with this code has.
    var severity: Diagnostic.Severity { get }
    /// What the code means, in one line.
    var summary: String { get }
}

extension Diagnostic {
    /// Creates a diagnostic with the code's string and severity.
    init(_ code: some LintCode, path: JSONPath?, location: SourceLocation?, message: String, fix: String? = nil) {
        self.init(code: code.rawValue, severity: code.severity, path: path, location: location, message: message, fix: fix)
    }
}
