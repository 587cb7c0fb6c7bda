@testable import LandfallServer
import Testing

/// How a certificate or key file is split into PEM blocks before each is parsed.
@Suite struct PEMBlockTests {
    @Test func theBlocksOfAFileComeInOrderWithTheirLabelsAndTextOutsideThemIsIgnored() {
        let text = """
            subject=CN = daily.example.com
            -----BEGIN CERTIFICATE-----
            AAAA
            -----END CERTIFICATE-----
            issuer=CN = Intermediate
            -----BEGIN CERTIFICATE-----
            BBBB
            -----END CERTIFICATE-----
            """
        let blocks = PEMBlock.blocks(in: text)
        #expect(blocks.map(\.label) == ["CERTIFICATE", "CERTIFICATE"])
        #expect(blocks[0].text == "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")
        #expect(blocks[1].text.contains("BBBB"))
    }

    @Test func aKeyFileFromOpenSSLsEcparamHasItsParametersBesideTheKey() {
        let text = "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n"
            + "-----BEGIN EC PRIVATE KEY-----\nMHcC\n-----END EC PRIVATE KEY-----\n"
        #expect(PEMBlock.blocks(in: text).map(\.label) == ["EC PARAMETERS", "EC PRIVATE KEY"])
    }

    @Test(arguments: [
        "hello\n",
        "",
        "-----BEGIN CERTIFICATE-----\nAAAA\n",
        "-----BEGIN CERTIFICATE-----\nAAAA\n-----END PRIVATE KEY-----\n",
    ])
    func textWithoutACompleteBlockHasNone(_ text: String) {
        #expect(PEMBlock.blocks(in: text).isEmpty)
    }
}
