import Foundation
import X509

/// Reading `--ca-file`: the certificates of the authorities to trust besides the system's,
/// in PEM.
///
/// ```swift
/// let text = try String(contentsOf: caFile, encoding: .utf8)
/// let roots = try TrustRootFile.certificates(fromPEM: text)
/// let settings = DoctorNetworkSettings(extraTrustRoots: roots)
/// ```
public enum TrustRootFile {
    /// Every certificate in PEM text: one or more `-----BEGIN CERTIFICATE-----` blocks, in
    /// order. Text around the blocks (comments, as in a CA bundle) is ignored.
    ///
    /// - Throws: ``TrustRootFileError`` when the text holds no PEM block at all, when a block
    ///   is not a certificate (a private key, a certificate request…), has no END line, or
    ///   does not decode as an X.509 certificate. Blocks are counted from 1.
    public static func certificates(fromPEM text: String) throws(TrustRootFileError) -> [Certificate] {
        let blocks = try pemBlocks(in: text)
        guard !blocks.isEmpty else {
            throw TrustRootFileError(message: "no certificate found: the file must hold the authority's certificate "
                + "in PEM, a block from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----")
        }
        var certificates: [Certificate] = []
        for (index, block) in blocks.enumerated() {
            certificates.append(try certificate(in: block, number: index + 1))
        }
        return certificates
    }

    /// One `-----BEGIN <label>-----` … `-----END <label>-----` block.
    private struct PEMBlock {
        var label: String
        var base64: String
        var text: String
    }

    private static func pemBlocks(in text: String) throws(TrustRootFileError) -> [PEMBlock] {
        var blocks: [PEMBlock] = []
        var open: (label: String, lines: [String])?
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if let current = open {
                if let label = boundary(line, "END") {
                    guard label == current.label else {
                        throw TrustRootFileError(message: "block \(blocks.count + 1) begins with -----BEGIN \(current.label)----- "
                            + "but ends with -----END \(label)-----")
                    }
                    let base64 = current.lines.joined()
                    let text = (["-----BEGIN \(label)-----"] + current.lines + ["-----END \(label)-----"]).joined(separator: "\n")
                    blocks.append(PEMBlock(label: label, base64: base64, text: text))
                    open = nil
                } else if boundary(line, "BEGIN") != nil {
                    throw TrustRootFileError(message: "block \(blocks.count + 1) (-----BEGIN \(current.label)-----) "
                        + "has no -----END \(current.label)----- line before the next block begins")
                } else if !line.isEmpty {
                    open?.lines.append(line)
                }
            } else if let label = boundary(line, "BEGIN") {
                open = (label, [])
            }
        }
        if let current = open {
            throw TrustRootFileError(message: "block \(blocks.count + 1) (-----BEGIN \(current.label)-----) "
                + "has no -----END \(current.label)----- line")
        }
        return blocks
    }

    /// The label of a `-----BEGIN <label>-----` (or END) line, if `line` is one.
    private static func boundary(_ line: String, _ kind: String) -> String? {
        let prefix = "-----\(kind) "
        guard line.hasPrefix(prefix), line.hasSuffix("-----"), line.count >= prefix.count + 5 else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(5))
    }

    private static func certificate(in block: PEMBlock, number: Int) throws(TrustRootFileError) -> Certificate {
        guard block.label == "CERTIFICATE" else {
            if block.label.hasSuffix("PRIVATE KEY") {
                throw TrustRootFileError(message: "block \(number) is a private key (-----BEGIN \(block.label)-----), "
                    + "not a certificate: --ca-file takes the authority's certificate, and a private key should never "
                    + "leave the machine that signs with it")
            }
            throw TrustRootFileError(message: "block \(number) is a \(block.label), not a certificate: "
                + "--ca-file takes -----BEGIN CERTIFICATE----- blocks only")
        }
        guard Data(base64Encoded: block.base64) != nil else {
            throw TrustRootFileError(message: "block \(number) is not a certificate: its content is not valid base64")
        }
        do {
            return try Certificate(pemEncoded: block.text)
        } catch {
            throw TrustRootFileError(message: "block \(number) is not a certificate: its content does not decode "
                + "as an X.509 certificate (DER)")
        }
    }
}
