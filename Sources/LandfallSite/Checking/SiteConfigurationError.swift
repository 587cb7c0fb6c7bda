/// Why a site configuration was refused: every error found, each with its place.
///
/// ```swift
/// do {
///     _ = try SiteConfigurationReader.site(yaml: text, source: "landfall.yml")
/// } catch {
///     print(error) // landfall.yml:3:13: error: site.timeZone: unknown time zone 'Europe/Pariss'; ...
/// }
/// ```
public struct SiteConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's name, when known.
    public var source: String?
    /// The problems, errors first in document order, then warnings.
    public var issues: [SiteIssue]

    /// Creates an error.
    public init(source: String?, issues: [SiteIssue]) {
        self.source = source
        self.issues = issues
    }

    /// The errors only.
    public var errors: [SiteIssue] { issues.filter { $0.severity == .error } }

    /// One issue per line.
    public var description: String {
        issues.map { $0.description(in: source) }.joined(separator: "\n")
    }
}
