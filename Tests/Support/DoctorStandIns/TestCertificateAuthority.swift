import Crypto
import Foundation
import X509

/// A certificate authority made at run time, for tests that need real HTTPS: it signs server
/// certificates for any host names, and its certificate is the trust root a test hands to the
/// doctor (`--ca-file`) or to a verifier.
///
/// ```swift
/// let authority = try TestCertificateAuthority()
/// let identity = try authority.issue(for: ["example.com", "www.example.com"])
/// let caFile = try authority.writeCertificate(in: temporaryDirectory)
/// ```
///
/// An authority can also make an intermediate authority (``issueIntermediate(name:)``), whose
/// certificates carry the intermediate in their chain, and ``selfSigned(for:notValidBefore:notValidAfter:)``
/// makes a server identity no authority vouches for.
public struct TestCertificateAuthority: Sendable {
    /// The authority's certificate: self-signed for a root, signed by its parent for an intermediate.
    public var certificate: Certificate
    /// ``certificate`` in PEM.
    public var certificatePEM: String
    /// The key the authority signs with.
    public var privateKey: P256.Signing.PrivateKey { storedKey.key }
    /// The certificates between this authority and its root, this authority's first
    /// (empty for a root): a server whose certificate this authority issued sends them after its leaf.
    public var intermediates: [Certificate]
    private var storedKey: KeyBytes

    /// Creates a root authority: a fresh P-256 key and a self-signed CA certificate
    /// (basic constraints CA, key usage keyCertSign and cRLSign) valid from a day ago for ten years.
    ///
    /// - Parameter name: The common name of the authority, which is also its issuer name on
    ///   every certificate it signs.
    /// - Throws: When the certificate cannot be built or signed (it does not, in practice).
    public init(name: String = "Landfall Test CA") throws {
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName { CommonName(name) }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: Date.now - 86400,
            notValidAfter: Date.now + 10 * 365 * 86400,
            issuer: subject,
            subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Self.authorityExtensions(for: key.publicKey, issuerKey: nil),
            issuerPrivateKey: Certificate.PrivateKey(key)
        )
        try self.init(certificate: certificate, privateKey: key, intermediates: [])
    }

    private init(certificate: Certificate, privateKey: P256.Signing.PrivateKey, intermediates: [Certificate]) throws {
        self.certificate = certificate
        self.certificatePEM = try certificate.serializeAsPEM().pemString
        self.storedKey = KeyBytes(privateKey)
        self.intermediates = intermediates
    }

    /// Writes ``certificatePEM`` to a `.pem` file in `directory` (named after the authority and
    /// its key, so several authorities can share a directory) and returns the file's URL, for
    /// `--ca-file`.
    ///
    /// - Throws: When the file cannot be written.
    public func writeCertificate(in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("\(fileStem).pem")
        try Data(certificatePEM.utf8).write(to: url, options: .atomic)
        return url
    }

    /// A server certificate signed by this authority, with the host names as DNS subject
    /// alternative names (and the first as common name), extended key usage serverAuth.
    ///
    /// The identity's chain is the leaf followed by ``intermediates`` (just the leaf for a
    /// root authority, which is the trust root and not sent). Like a public CA's, a certificate an
    /// intermediate issues names where its issuer's certificate can be fetched (authority
    /// information access, an address under `ca.invalid` that serves nothing).
    ///
    /// - Parameters:
    ///   - hostnames: The names the certificate covers, such as `example.com` or `*.example.com`;
    ///     at least one.
    ///   - notValidBefore: The start of validity (an hour ago by default; a future date makes a
    ///     certificate that is not yet valid).
    ///   - notValidAfter: The end of validity (in 90 days by default; a past date makes an
    ///     expired certificate).
    /// - Throws: ``TestCertificateAuthorityError/noHostnames`` for an empty list.
    public func issue(
        for hostnames: [String],
        notValidBefore: Date = .now - 3600,
        notValidAfter: Date = .now + 90 * 86400
    ) throws -> ServerIdentity {
        guard let commonName = hostnames.first else { throw TestCertificateAuthorityError.noHostnames }
        let key = P256.Signing.PrivateKey()
        let leaf = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            issuer: certificate.subject,
            subject: try DistinguishedName { CommonName(commonName) },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Self.serverExtensions(
                for: hostnames,
                issuerKey: privateKey.publicKey,
                issuerURL: intermediates.isEmpty ? nil : "http://ca.invalid/\(fileStem).cer"
            ),
            issuerPrivateKey: Certificate.PrivateKey(privateKey)
        )
        return try ServerIdentity(chain: [leaf] + intermediates, privateKey: key)
    }

    /// An intermediate authority whose certificate this authority signs (basic constraints CA,
    /// valid from a day ago for five years). Certificates it issues carry it in their chain.
    ///
    /// - Parameter name: The intermediate's common name.
    /// - Throws: When the certificate cannot be built or signed.
    public func issueIntermediate(name: String = "Landfall Test Intermediate CA") throws -> TestCertificateAuthority {
        let key = P256.Signing.PrivateKey()
        let intermediate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: Date.now - 86400,
            notValidAfter: Date.now + 5 * 365 * 86400,
            issuer: certificate.subject,
            subject: try DistinguishedName { CommonName(name) },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Self.authorityExtensions(for: key.publicKey, issuerKey: privateKey.publicKey),
            issuerPrivateKey: Certificate.PrivateKey(privateKey)
        )
        return try TestCertificateAuthority(certificate: intermediate, privateKey: key, intermediates: [intermediate] + intermediates)
    }

    /// A server identity whose certificate signs itself (no authority vouches for it), with the
    /// host names as DNS subject alternative names and the first as common name.
    ///
    /// - Throws: ``TestCertificateAuthorityError/noHostnames`` for an empty list.
    public static func selfSigned(
        for hostnames: [String],
        notValidBefore: Date = .now - 3600,
        notValidAfter: Date = .now + 90 * 86400
    ) throws -> ServerIdentity {
        guard let commonName = hostnames.first else { throw TestCertificateAuthorityError.noHostnames }
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName(commonName) }
        let leaf = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try serverExtensions(for: hostnames, issuerKey: nil, issuerURL: nil),
            issuerPrivateKey: Certificate.PrivateKey(key)
        )
        return try ServerIdentity(chain: [leaf], privateKey: key)
    }

    // MARK: - Building

    private var fileStem: String {
        let commonName = certificate.subject.lazy.flatMap { $0 }
            .first { $0.type == .RDNAttributeType.commonName }?.value.description ?? "authority"
        let slug = commonName.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let keyID = Self.keyIdentifier(privateKey.publicKey).prefix(4).map { String(format: "%02x", $0) }.joined()
        return String(slug).split(separator: "-").joined(separator: "-") + "-" + keyID
    }

    private static func authorityExtensions(
        for key: P256.Signing.PublicKey,
        issuerKey: P256.Signing.PublicKey?
    ) throws -> Certificate.Extensions {
        try Certificate.Extensions {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
            Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            SubjectKeyIdentifier(keyIdentifier: ArraySlice(keyIdentifier(key)))
            if let issuerKey {
                AuthorityKeyIdentifier(keyIdentifier: ArraySlice(keyIdentifier(issuerKey)))
            }
        }
    }

    private static func serverExtensions(
        for hostnames: [String],
        issuerKey: P256.Signing.PublicKey?,
        issuerURL: String?
    ) throws -> Certificate.Extensions {
        try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
            try ExtendedKeyUsage([.serverAuth])
            SubjectAlternativeNames(hostnames.map { GeneralName.dnsName($0) })
            if let issuerKey {
                AuthorityKeyIdentifier(keyIdentifier: ArraySlice(keyIdentifier(issuerKey)))
            }
            if let issuerURL {
                AuthorityInformationAccess([
                    .init(method: .issuingCA, location: .uniformResourceIdentifier(issuerURL)),
                ])
            }
        }
    }

    /// The SHA-1 of the public key, as CAs commonly derive key identifiers (RFC 5280, 4.2.1.2).
    private static func keyIdentifier(_ key: P256.Signing.PublicKey) -> [UInt8] {
        Array(Insecure.SHA1.hash(data: key.x963Representation))
    }
}

/// A P-256 private key held as its raw bytes: swift-crypto's key type is not `Sendable` on
/// Linux, its bytes are.
struct KeyBytes: Sendable, Hashable {
    private var raw: [UInt8]

    init(_ key: P256.Signing.PrivateKey) {
        raw = Array(key.rawRepresentation)
    }

    /// The key. Decoding cannot fail: the bytes are a valid key's own raw representation,
    /// and nothing else can set them.
    var key: P256.Signing.PrivateKey {
        guard let key = try? P256.Signing.PrivateKey(rawRepresentation: raw) else {
            preconditionFailure("the raw representation of a P-256 key did not decode")
        }
        return key
    }
}

/// Why a ``TestCertificateAuthority`` could not make a certificate.
public enum TestCertificateAuthorityError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `issue(for:)` was given no host names; a server certificate needs at least one.
    case noHostnames
    /// A ``ServerIdentity`` was given no certificates; it needs at least its leaf.
    case emptyChain

    /// A sentence for the test log.
    public var description: String {
        switch self {
        case .noHostnames: "a server certificate needs at least one host name"
        case .emptyChain: "a server identity needs at least its leaf certificate"
        }
    }
}
