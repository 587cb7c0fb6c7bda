import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A certificate chain and its private key, read from ``TLSFiles`` and checked: both files are
/// PEM, every certificate parses, and the key is the first certificate's.
///
/// ```swift
/// let certificate = try ServerCertificate.load(TLSFiles(certificate: "fullchain.pem", key: "key.pem"))
/// for warning in certificate.warnings(at: .now) { logger.warning("\(warning)") }
/// ```
public struct ServerCertificate: Sendable {
    /// The files it was read from.
    public var files: TLSFiles
    /// The server's own certificate (the file's first).
    public var leaf: Certificate
    /// The chain as NIOSSL sends it, leaf first.
    var chain: [NIOSSLCertificate]
    /// The leaf's private key.
    var key: NIOSSLPrivateKey

    /// Reads and checks both files.
    ///
    /// - Throws: ``TLSFileError`` naming the file and the problem: missing, unreadable, not
    ///   PEM, a block that does not parse, an encrypted key, or a key that is not the first
    ///   certificate's.
    public static func load(_ files: TLSFiles) throws(TLSFileError) -> ServerCertificate {
        let certificateBlocks = try blocks(of: .certificate, at: files.certificate).filter { $0.label == "CERTIFICATE" }
        guard !certificateBlocks.isEmpty else {
            throw TLSFileError(.certificate, path: files.certificate, problem: .notPEM(expected: "CERTIFICATE"))
        }
        var certificates: [Certificate] = []
        var chain: [NIOSSLCertificate] = []
        for (index, block) in certificateBlocks.enumerated() {
            do {
                let document = try PEMDocument(pemString: block.text)
                certificates.append(try Certificate(derEncoded: document.derBytes))
                chain.append(try NIOSSLCertificate(bytes: document.derBytes, format: .der))
            } catch {
                throw TLSFileError(.certificate, path: files.certificate, problem: .malformed(block: index + 1, reason: "\(error)"))
            }
        }

        let keyBlocks = try blocks(of: .key, at: files.key)
        if keyBlocks.contains(where: { $0.label == "ENCRYPTED PRIVATE KEY" }) {
            throw TLSFileError(.key, path: files.key, problem: .encryptedKey)
        }
        let keyLabels = ["PRIVATE KEY", "EC PRIVATE KEY", "RSA PRIVATE KEY"]
        guard let keyBlock = keyBlocks.first(where: { keyLabels.contains($0.label) }) else {
            throw TLSFileError(.key, path: files.key, problem: .notPEM(expected: "PRIVATE KEY"))
        }
        let publicKey: Certificate.PublicKey
        let key: NIOSSLPrivateKey
        do {
            publicKey = try Certificate.PrivateKey(pemEncoded: keyBlock.text).publicKey
            key = try NIOSSLPrivateKey(bytes: Array(keyBlock.text.utf8), format: .pem)
        } catch {
            let position = keyBlocks.firstIndex(of: keyBlock).map { $0 + 1 } ?? 1
            throw TLSFileError(.key, path: files.key, problem: .malformed(block: position, reason: "\(error)"))
        }
        guard certificates[0].publicKey == publicKey else {
            if let later = certificates.firstIndex(where: { $0.publicKey == publicKey }) {
                throw TLSFileError(.key, path: files.key,
                                   problem: .keyMatchesLaterCertificate(certificate: files.certificate, position: later + 1))
            }
            throw TLSFileError(.key, path: files.key, problem: .keyMismatch(certificate: files.certificate))
        }
        return ServerCertificate(files: files, leaf: certificates[0], chain: chain, key: key)
    }

    /// What a person should hear about the certificate at `now` though it can be served: that
    /// it has expired or is not valid yet (clients refuse it).
    public func warnings(at now: Date) -> [String] {
        var warnings: [String] = []
        if leaf.notValidAfter < now {
            warnings.append("""
                the TLS certificate \(files.certificate) expired on \(leaf.notValidAfter.formatted(.iso8601)): browsers, \
                Apple's CDN and Android refuse it; renew it and reload with SIGHUP
                """)
        }
        if leaf.notValidBefore > now {
            warnings.append("""
                the TLS certificate \(files.certificate) is not valid before \(leaf.notValidBefore.formatted(.iso8601)): \
                clients refuse it until then (is this machine's clock right?)
                """)
        }
        return warnings
    }

    /// The serial number of the server's certificate in upper-case hex, as `openssl x509 -noout
    /// -serial` shows it: what the log names a certificate by.
    public var serialNumber: String { Self.serialNumber(of: leaf) }

    /// The serial number of `certificate` in upper-case hex, two digits a byte.
    public static func serialNumber(of certificate: Certificate) -> String {
        certificate.serialNumber.bytes.map { hexDigits($0) }.joined()
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    /// The PEM blocks of a file, or why the file cannot be read.
    private static func blocks(of role: TLSFileError.Role, at path: String) throws(TLSFileError) -> [PEMBlock] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TLSFileError(role, path: path, problem: .missing)
        }
        guard !isDirectory.boolValue else { throw TLSFileError(role, path: path, problem: .unreadable(reason: "it is a directory")) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.isReadableFile(atPath: path) ? "\(error.localizedDescription)" : "permission denied"
            throw TLSFileError(role, path: path, problem: .unreadable(reason: reason))
        }
        // DER or other binary data is not PEM; PEM is ASCII.
        guard let text = String(data: data, encoding: .utf8) else { return [] }
        return PEMBlock.blocks(in: text)
    }
}
