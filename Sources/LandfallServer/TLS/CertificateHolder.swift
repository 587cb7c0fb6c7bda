import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOSSL

/// The certificate and key that new TLS connections are given, swapped whole by ``reload()``
/// (SIGHUP) while the listener and the connections already open go on untouched.
///
/// The server's `NIOSSLContext` is made once; its `sslContextCallback` (``contextCallback``)
/// asks the holder for the current chain and key during each handshake, after the client's
/// hello. A reload that finds a problem in the files throws and keeps the certificate in use.
final class CertificateHolder: Sendable {
    private let current: NIOLockedValueBox<ServerCertificate>

    init(_ certificate: ServerCertificate) {
        current = NIOLockedValueBox(certificate)
    }

    /// The certificate new connections get.
    var certificate: ServerCertificate { current.withLockedValue { $0 } }

    /// Reads the files again and, when they pass every check, gives new connections the new
    /// certificate.
    ///
    /// - Throws: ``TLSFileError``; the certificate in use is kept.
    @discardableResult
    func reload() throws(TLSFileError) -> ServerCertificate {
        let files = certificate.files
        let loaded = try ServerCertificate.load(files)
        current.withLockedValue { $0 = loaded }
        return loaded
    }

    /// The TLS configuration of the server: the current certificate, renewed per handshake by
    /// ``contextCallback``, and ALPN offering HTTP/2 before HTTP/1.1.
    func serverConfiguration() -> TLSConfiguration {
        let certificate = self.certificate
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: certificate.chain.map { .certificate($0) }, privateKey: .privateKey(certificate.key))
        configuration.minimumTLSVersion = .tlsv12
        configuration.applicationProtocols = ["h2", "http/1.1"]
        configuration.sslContextCallback = contextCallback
        return configuration
    }

    /// Gives each handshake the chain and key held now.
    var contextCallback: NIOSSLContextCallback {
        { [current] _, promise in
            let certificate = current.withLockedValue { $0 }
            var override = NIOSSLContextConfigurationOverride()
            override.certificateChain = certificate.chain.map { .certificate($0) }
            override.privateKey = .privateKey(certificate.key)
            promise.succeed(override)
        }
    }
}
