/// Why a TLS certificate or key file cannot be served: the file, and what is wrong with it.
///
/// Its description names both, for a person to act on: `the TLS key /etc/landfall/key.pem
/// does not match the certificate in /etc/landfall/fullchain.pem: ...`.
public struct TLSFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which of the two files is wrong.
    public enum Role: String, Sendable, Hashable {
        case certificate = "TLS certificate"
        case key = "TLS key"
    }

    /// What is wrong with the file.
    public enum Problem: Sendable, Hashable {
        /// Nothing is at the path.
        case missing
        /// The file is there and cannot be read (permissions, a directory).
        case unreadable(reason: String)
        /// No PEM block of the expected kind (or the text is not PEM at all).
        case notPEM(expected: String)
        /// A PEM block whose contents do not parse.
        case malformed(block: Int, reason: String)
        /// An `ENCRYPTED PRIVATE KEY`: the server cannot ask for its passphrase.
        case encryptedKey
        /// The key is not the private key of the file's first certificate.
        case keyMismatch(certificate: String)
        /// The key belongs to a later certificate of the file: the chain is out of order.
        case keyMatchesLaterCertificate(certificate: String, position: Int)
    }

    /// The certificate file or the key file.
    public var role: Role
    /// The file's path, as given.
    public var path: String
    /// What is wrong.
    public var problem: Problem

    /// Creates an error about `path`.
    public init(_ role: Role, path: String, problem: Problem) {
        self.role = role
        self.path = path
        self.problem = problem
    }

    /// The file and the problem in one sentence, with what to do where it is not obvious.
    public var description: String {
        let subject = "the \(role.rawValue) \(path)"
        switch problem {
        case .missing:
            return "\(subject) does not exist"
        case .unreadable(let reason):
            return "\(subject) cannot be read: \(reason)"
        case .notPEM(let expected):
            return "\(subject) is not PEM: it holds no -----BEGIN \(expected)----- block"
        case .malformed(let block, let reason):
            return "\(subject): PEM block \(block) does not parse: \(reason)"
        case .encryptedKey:
            return """
                \(subject) is encrypted with a passphrase, which a server cannot type: decrypt it once \
                (openssl pkey -in \(path) -out key.pem) and keep the result readable only by the server's user
                """
        case .keyMismatch(let certificate):
            return """
                \(subject) does not match the certificate in \(certificate): the key's public key is not the \
                certificate's; give the key the certificate was issued for
                """
        case .keyMatchesLaterCertificate(let certificate, let position):
            return """
                \(subject) matches certificate \(position) in \(certificate), not the first: put the server's own \
                certificate first, then its intermediates
                """
        }
    }
}
