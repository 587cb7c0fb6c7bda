/// How a fetch that got no response counts in the report.
extension FetchFailure {
    /// `.fail` when a phone could not fetch either (the name does not resolve, nothing listens,
    /// TLS cannot be agreed); `.notChecked` when the failure may be transient (a timeout, a
    /// dropped connection, anything else), so the doctor could not check.
    public var status: CheckStatus {
        switch self {
        case .nameNotResolved, .connectionRefused, .tlsHandshake:
            .fail
        case .connectTimeout, .responseTimeout, .handshakeTimeout, .connectionClosed, .other:
            .notChecked
        }
    }

    /// What to do about a failure that is a verdict on the domain, `nil` for one that may be transient.
    public var fix: String? {
        switch self {
        case let .nameNotResolved(host, _):
            "publish an A or AAAA record for \(host) in DNS"
        case let .connectionRefused(host, port):
            "serve HTTPS on port \(port) of \(host)"
        case let .tlsHandshake(host, port, _):
            "configure TLS on \(host) port \(port): TLS 1.2 or later, with a certificate for \(host)"
        case .connectTimeout, .responseTimeout, .handshakeTimeout, .connectionClosed, .other:
            nil
        }
    }
}
