/// The verdict of one check in a ``DoctorReport``.
///
/// Ordered by how much it matters: `pass` < `skip` < `warn` < `fail` < `notChecked`, so the
/// worst of several is their `max`.
public enum CheckStatus: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// It holds.
    case pass
    /// Not applicable: an earlier step failed (no file to lint after a 404, say), or the
    /// platform is not set up and was not asked for. The detail says which.
    case skip
    /// Works, but is fragile or against Apple's or Google's advice (an `application/octet-stream`
    /// content type, a certificate that expires within 30 days).
    case warn
    /// A phone will not do what you expect: a redirect, an untrusted certificate, an HTML page
    /// instead of JSON, an app that is not listed.
    case fail
    /// The check could not be carried out: the server did not answer in time, or closed the
    /// connection without answering. Not a verdict on the domain; try again or raise the
    /// timeouts. (A name that does not resolve or a refused connection is a `fail`: a phone
    /// could not fetch the file either.)
    case notChecked = "not_checked"

    private var rank: Int {
        switch self {
        case .pass: 0
        case .skip: 1
        case .warn: 2
        case .fail: 3
        case .notChecked: 4
        }
    }

    /// Orders pass < skip < warn < fail < notChecked.
    public static func < (lhs: CheckStatus, rhs: CheckStatus) -> Bool { lhs.rank < rhs.rank }
}
