import ArgumentParser
import LandfallServer

/// `landfall serve`'s HTTPS: a certificate and its key, both or neither.
struct ServeTLSOptions: ParsableArguments {
    @Option(name: .customLong("tls-certificate"),
            help: ArgumentHelp("""
                Serve HTTPS (HTTP/2 to clients that offer it, else HTTP/1.1) with this PEM certificate chain: the server's \
                certificate first, then its intermediates. Needs --tls-key; re-read on SIGHUP.
                """, valueName: "path"))
    var certificate: String?

    @Option(name: .customLong("tls-key"),
            help: ArgumentHelp("The certificate's private key, PEM and unencrypted. Needs --tls-certificate; re-read on SIGHUP.",
                               valueName: "path"))
    var key: String?

    func validate() throws {
        switch (certificate, key) {
        case (.some, nil):
            throw ValidationError("--tls-certificate needs --tls-key: the private key of that certificate")
        case (nil, .some):
            throw ValidationError("--tls-key needs --tls-certificate: the certificate chain that key belongs to")
        default:
            return
        }
    }

    /// The two files, when HTTPS is asked for.
    var files: TLSFiles? {
        guard let certificate, let key else { return nil }
        return TLSFiles(certificate: certificate, key: key)
    }
}
