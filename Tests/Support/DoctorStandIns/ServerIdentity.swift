import Crypto
import X509

/// What a TLS server needs to present a certificate: the chain it sends and the leaf's private key.
///
/// Made by ``TestCertificateAuthority/issue(for:notValidBefore:notValidAfter:)`` or
/// ``TestCertificateAuthority/selfSigned(for:notValidBefore:notValidAfter:)``.
public struct ServerIdentity: Sendable {
    /// The certificates the server sends, leaf first: just the leaf for a certificate a root
    /// authority issued (the root is the trust root), the leaf and its intermediates otherwise.
    public var chain: [Certificate]
    /// The leaf's private key.
    public var privateKey: P256.Signing.PrivateKey { storedKey.key }
    private var storedKey: KeyBytes
    /// The leaf certificate in PEM.
    public var leafPEM: String
    /// ``privateKey`` in PEM (PKCS #8).
    public var privateKeyPEM: String

    /// The leaf: the first certificate of ``chain``.
    public var leaf: Certificate

    /// Creates an identity from a chain (leaf first) and the leaf's key.
    ///
    /// - Throws: ``TestCertificateAuthorityError/emptyChain`` when `chain` is empty, or an
    ///   error when the leaf cannot be serialized.
    public init(chain: [Certificate], privateKey: P256.Signing.PrivateKey) throws {
        guard let leaf = chain.first else { throw TestCertificateAuthorityError.emptyChain }
        self.chain = chain
        self.leaf = leaf
        self.storedKey = KeyBytes(privateKey)
        self.leafPEM = try leaf.serializeAsPEM().pemString
        self.privateKeyPEM = privateKey.pemRepresentation
    }

    /// The whole chain in PEM, leaf first, one block after another (what a server's
    /// certificate file holds).
    public var chainPEM: String {
        get throws { try chain.map { try $0.serializeAsPEM().pemString }.joined(separator: "\n") + "\n" }
    }
}
