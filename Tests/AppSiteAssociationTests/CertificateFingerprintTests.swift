import AppSiteAssociation
import Testing

@Suite struct CertificateFingerprintTests {
    static let canonical = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    @Test(arguments: [
        canonical,
        canonical.lowercased(),
        canonical.replacingOccurrences(of: ":", with: ""),
        canonical.replacingOccurrences(of: ":", with: "").lowercased(),
        " \(canonical) ",
    ])
    func everySpellingPeoplePasteReadsAsTheCanonicalForm(_ text: String) throws {
        #expect(try CertificateFingerprint(parsing: text).text == Self.canonical)
    }

    @Test func aFingerprintMatchesTheSameCertificateWrittenAnotherWay() throws {
        let fingerprint = try CertificateFingerprint(parsing: Self.canonical)
        #expect(fingerprint.matches(Self.canonical.lowercased().replacingOccurrences(of: ":", with: "")))
        #expect(!fingerprint.matches(Self.canonical.replacingOccurrences(of: "E5", with: "E6")))
    }

    @Test(arguments: [
        ("14:6D:E9", "3 bytes"),
        ("14-6D-E9-83", "separate the bytes with colons"),
        ("146DE", "odd number"),
        ("14::6D", "empty byte"),
        ("", "empty"),
        ("ZZ:6D", "\"Z\""),
    ])
    func aMalformedFingerprintSaysWhatIsWrong(_ text: String, _ words: String) {
        #expect(throws: CertificateFingerprintError.self) { try CertificateFingerprint(parsing: text) }
        do {
            _ = try CertificateFingerprint(parsing: text)
        } catch {
            #expect(error.message.contains(words), "\(error.message)")
        }
    }
}
