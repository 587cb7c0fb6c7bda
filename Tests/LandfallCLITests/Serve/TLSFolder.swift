import DoctorStandIns
import Foundation
import LandfallDoctor
import X509

/// A folder holding what `landfall serve --tls-certificate --tls-key` reads: a certificate from
/// a throwaway authority for the demo's local host names, its key, and the authority's
/// certificate for clients to trust.
struct TLSFolder {
    /// The demo's hosts, as a client on this machine names them.
    static let hostnames = ["localhost", "go.localhost", "admin.localhost"]

    let folder: URL
    let authority: TestCertificateAuthority
    var certificate: URL { folder.appendingPathComponent("fullchain.pem") }
    var key: URL { folder.appendingPathComponent("key.pem") }

    init(authority: TestCertificateAuthority? = nil) throws {
        folder = try CLIFixtures.temporaryFolder()
        self.authority = try authority ?? TestCertificateAuthority()
    }

    /// `serve` with the demo on a free port, HTTPS with the folder's files.
    var serveArguments: [String] {
        ["serve", "--port", "0", "--tls-certificate", certificate.path, "--tls-key", key.path]
    }

    /// Issues a certificate for ``hostnames`` and writes it (with its chain) and its key over
    /// the folder's files, each replaced in one rename as a certificate renewal tool does.
    @discardableResult
    func install(notValidAfter: Date = .now + 90 * 86400) throws -> ServerIdentity {
        let identity = try authority.issue(for: Self.hostnames, notValidAfter: notValidAfter)
        try write(try identity.chainPEM, to: certificate)
        try write(identity.privateKeyPEM, to: key)
        return identity
    }

    func write(_ text: String, to file: URL) throws {
        try Data(text.utf8).write(to: file, options: .atomic)
    }

    /// The chain a new connection to `port` is shown (a TLS handshake of the doctor's, which
    /// captures the chain as presented).
    static func presentedChain(port: Int) async throws -> [Certificate] {
        let settings = DoctorNetworkSettings(connectTimeout: 5, responseTimeout: 10, addressOverrides: ["localhost": "127.0.0.1"])
        let observation = try await withDoctorNetwork(settings) { network in
            try await network.handshake(host: "localhost", port: port).get()
        }
        return observation.presentedChain
    }
}
