import X509

/// What a TLS handshake with a host showed: the certificate chain exactly as the server
/// presented it (leaf first), before any judgement. ``CertificateChecks`` judges it.
public struct TLSObservation: Sendable, Hashable {
    /// The host name sent in SNI (and that the certificate must name).
    public var host: String
    /// The port.
    public var port: Int
    /// The address connected to.
    public var address: String
    /// The certificates the server presented, leaf first, in its order.
    public var presentedChain: [Certificate]

    /// Creates an observation.
    public init(host: String, port: Int, address: String, presentedChain: [Certificate]) {
        self.host = host
        self.port = port
        self.address = address
        self.presentedChain = presentedChain
    }
}
