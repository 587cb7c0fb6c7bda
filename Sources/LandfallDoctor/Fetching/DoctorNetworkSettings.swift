import X509

/// How the doctor talks to the network: timeouts, extra trust roots, address overrides and
/// limits. The CLI reads them from its flags once and hands them to ``DoctorNetwork``.
///
/// ```swift
/// let settings = DoctorNetworkSettings(
///     connectTimeout: 3,
///     addressOverrides: ["links.example.com": "203.0.113.7"]   // --resolve links.example.com:203.0.113.7
/// )
/// ```
public struct DoctorNetworkSettings: Sendable {
    /// Seconds to wait for a TCP connection (`--connect-timeout`). 5 by default.
    public var connectTimeout: Double
    /// Seconds to wait for the TLS handshake, and for a whole response including its body
    /// (`--timeout`). 15 by default.
    public var responseTimeout: Double
    /// Certificates to trust besides the system's (`--ca-file`), for the certificate checks.
    /// The network layer itself never judges a certificate.
    public var extraTrustRoots: [Certificate]
    /// Host names (lower case) mapped to the IPv4 or IPv6 address to connect to instead of
    /// asking DNS (`--resolve host:address`). SNI and the `Host` header still name the host.
    public var addressOverrides: [String: String]
    /// The most body bytes kept per response; the rest is counted, not kept
    /// (``FetchedResponse/isTruncated``). 4 MiB by default.
    public var bodyLimit: Int
    /// How many redirects ``DoctorNetwork/fetch(_:userAgent:)`` follows (to report where
    /// they lead) before it stops. 5 by default.
    public var maximumRedirectHops: Int

    /// Creates settings; every value has the default the CLI uses.
    public init(
        connectTimeout: Double = 5,
        responseTimeout: Double = 15,
        extraTrustRoots: [Certificate] = [],
        addressOverrides: [String: String] = [:],
        bodyLimit: Int = 4 * 1_048_576,
        maximumRedirectHops: Int = 5
    ) {
        self.connectTimeout = connectTimeout
        self.responseTimeout = responseTimeout
        self.extraTrustRoots = extraTrustRoots
        self.addressOverrides = addressOverrides
        self.bodyLimit = bodyLimit
        self.maximumRedirectHops = maximumRedirectHops
    }
}
