/// The certificate and private key `landfall serve --tls-certificate --tls-key` serves HTTPS
/// with: PEM files, the certificate file holding the server's certificate first and then any
/// intermediates, the key file the certificate's private key (unencrypted).
///
/// ```swift
/// var configuration = ServerConfiguration(site: .file("landfall.yml"), port: 443)
/// configuration.tls = TLSFiles(certificate: "/etc/landfall/fullchain.pem", key: "/etc/landfall/key.pem")
/// ```
///
/// Both are read at start (a problem refuses the start) and again on every SIGHUP (a problem
/// keeps the certificate in use): see `ServerCertificate.load(_:now:)`.
public struct TLSFiles: Sendable, Hashable {
    /// The certificate chain in PEM, the server's own certificate first.
    public var certificate: String
    /// The private key of the first certificate, in PEM (PKCS #8, SEC 1 or PKCS #1).
    public var key: String

    /// Names the two files.
    public init(certificate: String, key: String) {
        self.certificate = certificate
        self.key = key
    }
}
