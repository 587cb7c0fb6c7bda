import Foundation

/// A signing certificate's SHA-256 fingerprint as `assetlinks.json` lists it: 32 bytes as
/// upper-case hex pairs separated by colons.
///
/// Reading accepts the spellings people paste (lower case, no colons), so a tool can take a
/// fingerprint from `keytool`, Play Console or a colleague and compare it with a file's:
///
/// ```swift
/// let fingerprint = try CertificateFingerprint(parsing: "146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5")
/// fingerprint.text // "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
/// fingerprint == (try CertificateFingerprint(parsing: fingerprint.text)) // true
/// ```
public struct CertificateFingerprint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The canonical form: upper-case hex pairs separated by colons.
    public let text: String

    /// Reads a fingerprint written with or without colons, in either case.
    ///
    /// - Throws: ``CertificateFingerprintError`` saying what is wrong: a character that is not
    ///   hex, an odd number of digits, the wrong number of bytes, an empty byte.
    public init(parsing text: String) throws(CertificateFingerprintError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch AssetLinksFormat.fingerprintProblem(trimmed) {
        case nil: self.text = trimmed
        case .lowercase(let fixed), .withoutColons(let fixed): self.text = fixed.uppercased()
        case .wrongLength(let bytes):
            let sha1 = bytes == 20 ? " (20 bytes is a SHA-1 fingerprint; give the SHA-256 one)" : ""
            throw CertificateFingerprintError(message: "\"\(trimmed)\" is \(bytes) byte\(bytes == 1 ? "" : "s"); "
                                              + "a SHA-256 fingerprint is 32 (64 hex digits)" + sha1)
        case .malformed(let reason):
            throw CertificateFingerprintError(message: reason)
        }
    }

    /// Whether `text`, as a file lists it (in any spelling), is this fingerprint.
    public func matches(_ text: String) -> Bool {
        AssetLinksFormat.fingerprintKey(text) == AssetLinksFormat.fingerprintKey(self.text)
    }

    /// ``text``.
    public var description: String { text }
}

/// Why a string is not a SHA-256 certificate fingerprint.
public struct CertificateFingerprintError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, for people.
    public var message: String

    /// ``message``.
    public var description: String { message }
}
