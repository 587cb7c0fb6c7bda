/// One line of the doctor's checklist: what was checked, the verdict, what was found and,
/// for a problem, the concrete fix.
///
/// ```
/// ✗ No redirects: https://example.com/.well-known/apple-app-site-association answers 301
///     1. 301 → https://www.example.com/.well-known/apple-app-site-association (adds www.)
///     2. 200 application/json, 412 bytes
///   fix: serve the file at https://example.com/.well-known/apple-app-site-association itself with status 200; iOS never follows redirects for it
/// ```
public struct DoctorCheck: Sendable, Hashable, Codable {
    /// A stable identifier such as `http.redirect` or `tls.expiry`; ids never change meaning.
    public var id: String
    /// The verdict.
    public var status: CheckStatus
    /// What is checked, as a short title ("No redirects", "Certificate trusted").
    public var title: String
    /// What was found, in one sentence.
    public var detail: String
    /// Supporting lines: the redirect chain, lint diagnostics, a URL's rule-by-rule explanation.
    public var notes: [String]
    /// What to do about a problem, when there is a concrete fix.
    public var fix: String?

    /// Creates a check.
    public init(id: String, status: CheckStatus, title: String, detail: String, notes: [String] = [], fix: String? = nil) {
        self.id = id
        self.status = status
        self.title = title
        self.detail = detail
        self.notes = notes
        self.fix = fix
    }
}
