import DoctorStandIns
import Foundation
import NIOHTTP1
import Testing
import X509

/// `landfall serve --tls-certificate --tls-key`: HTTPS served by landfall itself, with a
/// certificate from an authority made in the test, trusted by the clients (no network).
@Suite(.serialized) struct ServeTLSTests {
    @Test func itServesHTTP2ToAClientThatOffersItByALPNAndHTTP11ToOneThatDoesNot() async throws {
        let files = try TLSFolder()
        try files.install()
        let server = try ServingLandfall(files.serveArguments, in: files.folder)
        defer { server.stop() }
        let port = try await server.waitForPort()
        #expect(server.standardError.contains("on https://127.0.0.1:\(port)"))
        #expect(server.standardError.contains("https://go.localhost:\(port)"))

        let url = "https://localhost:\(port)/.well-known/apple-app-site-association"
        let offeringHTTP2 = try HTTPSClient(trusting: files.authority)
        let http2 = try await offeringHTTP2.get(url)
        // A page through a development name links to development names over https too.
        let http2Page = try await offeringHTTP2.get("https://localhost:\(port)/puzzle/2026-11-20")
        try await offeringHTTP2.shutdown()
        #expect(http2.status == 200)
        #expect(http2.version == .http2)
        #expect(http2.body.contains("ABCDE12345.com.example.dailypuzzle"))
        #expect(http2Page.version == .http2)
        #expect(http2Page.body.contains("https://localhost:\(port)/puzzle/today"))
        #expect(!http2Page.body.contains("http://localhost"))

        let http1Only = try HTTPSClient(trusting: files.authority, http1Only: true)
        let http1 = try await http1Only.get("https://localhost:\(port)/puzzle/2026-11-20")
        try await http1Only.shutdown()
        #expect(http1.status == 200)
        #expect(http1.version == .http1_1)
        #expect(http1.body.contains("<h1>Compass</h1>"))
        #expect(http1.body.contains("https://127.0.0.1:\(port)/puzzle/2026-11-20"))
        #expect(!http1.body.contains("http://127.0.0.1"))
        #expect(await server.terminate() == 0, "\(server.standardError)")
    }

    @Test func anHTTP2RequestWhoseBodyStopsComingIsResetAfterTheBodyTimeoutAndTheConnectionServesOthers() async throws {
        let files = try TLSFolder()
        try files.install()
        let server = try ServingLandfall(files.serveArguments + ["--body-timeout", "1"], in: files.folder)
        defer { server.stop() }
        let port = try await server.waitForPort()
        let client = try HTTPSClient(trusting: files.authority)
        // An HTTP/2 connection first, then a stream on it whose body never comes (the public
        // claims endpoint reads its body before anything else).
        #expect(try await client.get("https://localhost:\(port)/.well-known/apple-app-site-association").version == .http2)
        let stalled = await client.postStalledBody("https://localhost:\(port)/v1/claims", patience: .seconds(20))
        #expect(stalled != nil, "a stream whose body stopped was still open 20 s later with --body-timeout 1")
        if case .success(let status) = stalled { #expect(status >= 400, "answered \(status)") }
        // Only that stream ended: the server answers on.
        let after = try await client.get("https://localhost:\(port)/.well-known/apple-app-site-association")
        #expect(after.status == 200)
        try await client.shutdown()
        #expect(await server.terminate() == 0, "\(server.standardError)")
    }

    @Test func itSendsTheIntermediatesOfTheCertificateFileAfterTheServersCertificate() async throws {
        let root = try TestCertificateAuthority()
        let files = try TLSFolder(authority: try root.issueIntermediate())
        let identity = try files.install()
        let server = try ServingLandfall(files.serveArguments, in: files.folder)
        defer { server.stop() }
        let port = try await server.waitForPort()

        let presented = try await TLSFolder.presentedChain(port: port)
        #expect(presented == identity.chain)
        #expect(presented.count == 2)
        #expect(await server.terminate() == 0)
    }

    @Test func aCertificateReloadedUnderLoadFailsNoRequestAndNewConnectionsGetTheNewCertificate() async throws {
        let files = try TLSFolder()
        let first = try files.install()
        // No rate limit: every request comes from one address, far past a person's rate.
        let server = try ServingLandfall(files.serveArguments + ["--rate-limit", "0"], in: files.folder)
        defer { server.stop() }
        let port = try await server.waitForPort()
        #expect(try await TLSFolder.presentedChain(port: port).first?.serialNumber == first.leaf.serialNumber)

        // Loops of requests while the files are replaced and SIGHUP sent: three on one HTTP/2
        // connection kept open throughout, and three whose requests each make a new
        // connection (about 100 and 50 requests a second here).
        let load = RequestLoad()
        let kept = try HTTPSClient(trusting: files.authority)
        let fresh = try HTTPSClient(trusting: files.authority, http1Only: true)
        let page = "https://localhost:\(port)/puzzle/2026-11-20"
        async let keptResults = load.run(loops: 3) { try await kept.get(page).status }
        async let freshResults = load.run(loops: 3) { try await fresh.get(page, closing: true).status }

        try await Task.sleep(for: .milliseconds(700))
        let second = try files.install()
        try await server.hangUpAndWait(forLogLine: "TLS certificate reloaded")
        #expect(try await TLSFolder.presentedChain(port: port).first?.serialNumber == second.leaf.serialNumber)
        try await Task.sleep(for: .milliseconds(700))
        await load.stop()
        let (keptCounts, freshCounts) = await (keptResults, freshResults)
        try await kept.shutdown()
        try await fresh.shutdown()

        #expect(keptCounts.failures == [], "\(server.standardError)")
        #expect(freshCounts.failures == [], "\(server.standardError)")
        #expect(keptCounts.succeeded >= 30)
        #expect(freshCounts.succeeded >= 30)
        #expect(server.standardError.contains("serial=\(ServerCertificateSerial.of(second.leaf))"))
        #expect(await server.terminate() == 0)
    }

    @Test func aBrokenReloadKeepsTheCertificateInUseAndSaysWhatIsWrong() async throws {
        let files = try TLSFolder()
        let first = try files.install()
        let server = try ServingLandfall(files.serveArguments, in: files.folder)
        defer { server.stop() }
        let port = try await server.waitForPort()

        try files.write("not a key\n", to: files.key)
        try await server.hangUpAndWait(forLogLine: "TLS certificate reload refused")
        #expect(server.standardError.contains("the TLS key \(files.key.path) is not PEM: it holds no -----BEGIN PRIVATE KEY----- block"))

        let other = try files.authority.issue(for: TLSFolder.hostnames)
        try files.write(other.privateKeyPEM, to: files.key)
        try await server.hangUpAndWait(forLogLine: "TLS certificate reload refused")
        #expect(server.standardError.contains("the TLS key \(files.key.path) does not match the certificate in \(files.certificate.path)"))

        #expect(try await TLSFolder.presentedChain(port: port).first?.serialNumber == first.leaf.serialNumber)
        let client = try HTTPSClient(trusting: files.authority)
        #expect(try await client.get("https://localhost:\(port)/health").status == 200)
        try await client.shutdown()
        #expect(await server.terminate() == 0)
    }

    /// How a start with a bad file is refused: what is written in the files, and the error.
    enum BadFiles: String, CaseIterable, CustomTestStringConvertible {
        case keyNotPEM, keyOfAnotherCertificate, chainOutOfOrder, certificateMissing, keyEncrypted, certificateInDER
        var testDescription: String { rawValue }
    }

    @Test(arguments: BadFiles.allCases)
    func aBadCertificateOrKeyRefusesTheStartNamingTheFileAndTheProblem(_ bad: BadFiles) async throws {
        let root = try TestCertificateAuthority()
        let files = try TLSFolder(authority: try root.issueIntermediate())
        let identity = try files.install()
        let expected: String
        switch bad {
        case .keyNotPEM:
            try files.write("hello\n", to: files.key)
            expected = "the TLS key \(files.key.path) is not PEM: it holds no -----BEGIN PRIVATE KEY----- block"
        case .keyOfAnotherCertificate:
            try files.write(try files.authority.issue(for: ["localhost"]).privateKeyPEM, to: files.key)
            expected = "the TLS key \(files.key.path) does not match the certificate in \(files.certificate.path)"
        case .chainOutOfOrder:
            try files.write(try identity.chain.reversed().map { try $0.serializeAsPEM().pemString }.joined(separator: "\n"), to: files.certificate)
            expected = "the TLS key \(files.key.path) matches certificate 2 in \(files.certificate.path), not the first"
        case .certificateMissing:
            try FileManager.default.removeItem(at: files.certificate)
            expected = "the TLS certificate \(files.certificate.path) does not exist"
        case .keyEncrypted:
            try files.write("-----BEGIN ENCRYPTED PRIVATE KEY-----\nMAA=\n-----END ENCRYPTED PRIVATE KEY-----\n", to: files.key)
            expected = "the TLS key \(files.key.path) is encrypted with a passphrase"
        case .certificateInDER:
            try Data(try identity.leaf.serializeAsPEM().derBytes).write(to: files.certificate)
            expected = "the TLS certificate \(files.certificate.path) is not PEM: it holds no -----BEGIN CERTIFICATE----- block"
        }
        let result = try await LandfallExecutable.run(files.serveArguments + ["--data-dir", files.folder.appendingPathComponent("data").path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("landfall serve refused to start:\n\(expected)"), "\(result.standardError)")
        #expect(!result.standardError.contains("is serving"))
    }

    @Test func serveHelpTeachesBothOptionsAndTheirReload() async throws {
        let result = try await LandfallExecutable.run(["serve", "--help"])
        #expect(result.status == 0)
        // The help wraps its lines where the terminal's width falls: words are compared.
        let help = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for text in ["HTTPS:", "--tls-certificate <path>", "--tls-key <path>", "server's certificate first, then its intermediates",
                     "PEM and unencrypted", "re-read on SIGHUP", "HTTP/2 to clients that offer it",
                     "--tls-certificate /etc/landfall/fullchain.pem --tls-key /etc/landfall/key.pem"] {
            #expect(help.contains(text), "\(text)")
        }
    }

    @Test func anExpiredCertificateStartsWithAWarning() async throws {
        let files = try TLSFolder()
        try files.install(notValidAfter: .now - 86400)
        let server = try ServingLandfall(files.serveArguments, in: files.folder)
        defer { server.stop() }
        _ = try await server.waitForPort()
        #expect(server.standardError.contains("the TLS certificate \(files.certificate.path) expired on"))
        #expect(await server.terminate() == 0)
    }
}

/// The certificate serial as the server's log writes it (`openssl x509 -serial`'s form).
enum ServerCertificateSerial {
    static func of(_ certificate: Certificate) -> String {
        certificate.serialNumber.bytes.map { String(format: "%02X", $0) }.joined()
    }
}

/// Loops of requests that run until ``stop()``, each counting its successes and failures.
actor RequestLoad {
    struct Counts: Sendable {
        var succeeded = 0
        var failures: [String] = []
    }

    private var stopped = false

    func stop() { stopped = true }

    /// Sends `request` again and again in `loops` concurrent loops until stopped; a status
    /// other than 200 is a failure.
    nonisolated func run(loops: Int, _ request: @escaping @Sendable () async throws -> Int) async -> Counts {
        await withTaskGroup(of: Counts.self) { group in
            for _ in 0..<loops {
                group.addTask {
                    var counts = Counts()
                    while await !self.isStopped {
                        do {
                            let status = try await request()
                            if status == 200 { counts.succeeded += 1 } else { counts.failures.append("status \(status)") }
                        } catch {
                            counts.failures.append("\(error)")
                        }
                    }
                    return counts
                }
            }
            var total = Counts()
            for await counts in group {
                total.succeeded += counts.succeeded
                total.failures += counts.failures
            }
            return total
        }
    }

    private var isStopped: Bool { stopped }
}
