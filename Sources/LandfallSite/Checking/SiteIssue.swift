/// One problem in a site configuration: its severity, the key path and line it is at, and
/// what is expected there.
///
/// ```
/// landfall.yml:14:7: error: routes[1].embargo.day: 'dat' is not a parameter of '/puzzle/:date' (its parameters: date)
/// ```
public struct SiteIssue: Sendable, Hashable, CustomStringConvertible {
    /// How bad a problem is.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// The server refuses to start.
        case error
        /// Probably a mistake; the server starts.
        case warning
    }

    /// How bad it is.
    public var severity: Severity
    /// The key path (`routes[1].embargo.day`); empty for the document as a whole.
    public var path: String
    /// The line, from 1, when known.
    public var line: Int?
    /// The column, from 1, when known.
    public var column: Int?
    /// What is wrong and what is expected.
    public var message: String

    /// Creates an issue.
    public init(_ severity: Severity, path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `14:7: error: routes[1].embargo.day: message` (the place parts that are known).
    public var description: String {
        var text = ""
        if let line { text += "\(line):" + (column.map { "\($0):" } ?? "") + " " }
        text += "\(severity.rawValue): "
        if !path.isEmpty { text += "\(path): " }
        return text + message
    }

    /// The description prefixed with the file's name: `landfall.yml:14:7: error: ...`.
    public func description(in source: String?) -> String {
        guard let source else { return description }
        return line == nil ? "\(source): \(description)" : "\(source):\(description)"
    }
}
