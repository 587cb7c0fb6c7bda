import DoctorStandIns
import LandfallDoctor
import Testing

/// `TrustRootFile`: the certificates of a `--ca-file`, and a specific message for each way
/// such a file can be wrong.
@Suite struct TrustRootFileTests {
    @Test func oneCertificateIsRead() throws {
        let authority = try TestCertificateAuthority()

        let certificates = try TrustRootFile.certificates(fromPEM: authority.certificatePEM)

        #expect(certificates == [authority.certificate])
    }

    @Test func twoCertificatesAreReadInOrderIgnoringTheTextAround() throws {
        let first = try TestCertificateAuthority(name: "First Test CA")
        let second = try TestCertificateAuthority(name: "Second Test CA")
        let bundle = "# First Test CA\n\(first.certificatePEM)\n\n# Second Test CA\r\n\(second.certificatePEM)\n"

        let certificates = try TrustRootFile.certificates(fromPEM: bundle)

        #expect(certificates == [first.certificate, second.certificate])
    }

    @Test func aPrivateKeyInsteadOfACertificateIsNamed() throws {
        let identity = try TestCertificateAuthority().issue(for: ["good.landfall.test"])

        #expect(throws: TrustRootFileError(message: "block 1 is a private key (-----BEGIN PRIVATE KEY-----), "
            + "not a certificate: --ca-file takes the authority's certificate, and a private key should never "
            + "leave the machine that signs with it")) {
            try TrustRootFile.certificates(fromPEM: identity.privateKeyPEM)
        }
    }

    @Test func theBlockThatIsNotACertificateIsCountedFromOne() throws {
        let authority = try TestCertificateAuthority()
        let text = authority.certificatePEM + "\n" + "-----BEGIN CERTIFICATE-----\nAAEC\n-----END CERTIFICATE-----\n"

        #expect(throws: TrustRootFileError(message: "block 2 is not a certificate: its content does not decode "
            + "as an X.509 certificate (DER)")) {
            try TrustRootFile.certificates(fromPEM: text)
        }
    }

    @Test(arguments: [
        ("garbage, not PEM at all", "no certificate found: the file must hold the authority's certificate in PEM, "
            + "a block from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----"),
        ("", "no certificate found: the file must hold the authority's certificate in PEM, "
            + "a block from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----"),
        ("-----BEGIN CERTIFICATE-----\n!!!not base64!!!\n-----END CERTIFICATE-----\n",
            "block 1 is not a certificate: its content is not valid base64"),
        ("-----BEGIN CERTIFICATE-----\nMIIB\n", "block 1 (-----BEGIN CERTIFICATE-----) has no -----END CERTIFICATE----- line"),
        ("-----BEGIN CERTIFICATE-----\nMIIB\n-----END PUBLIC KEY-----\n",
            "block 1 begins with -----BEGIN CERTIFICATE----- but ends with -----END PUBLIC KEY-----"),
        ("-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----\n",
            "block 1 is a PUBLIC KEY, not a certificate: --ca-file takes -----BEGIN CERTIFICATE----- blocks only"),
        ("-----BEGIN EC PRIVATE KEY-----\nMIIB\n-----END EC PRIVATE KEY-----\n",
            "block 1 is a private key (-----BEGIN EC PRIVATE KEY-----), not a certificate: --ca-file takes the "
            + "authority's certificate, and a private key should never leave the machine that signs with it"),
    ])
    func aFileThatHoldsNoUsableCertificateSaysWhy(text: String, message: String) {
        #expect(throws: TrustRootFileError(message: message)) {
            try TrustRootFile.certificates(fromPEM: text)
        }
    }
}
