import DoctorStandIns
import LandfallCLI
import LandfallDoctor
import Testing

/// `landfall doctor --local`: a development or staging server over plain http gets every check
/// that needs no TLS, marked as not what Apple's CDN sees; its mistakes fail as on a live domain.
@Suite struct DoctorLocalTests {
    /// `landfall doctor --local http://<name>:<port>` with short timeouts, and `extra` arguments.
    static func doctor(_ name: String, port: Int, _ extra: [String] = []) -> [String] {
        ["doctor", "--local", "http://\(name):\(port)"] + extra + ["--connect-timeout", DoctorStage.timeout, "--timeout", DoctorStage.timeout]
    }

    @Test("a healthy local server passes every file check; DNS, TLS and the CDN are skipped, and the verdict says it is plain http")
    func aHealthyLocalServerPassesAndSaysSo() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpServer(reply: DoctorSamples.healthySite)
            let output = await runLandfall(Self.doctor("go.localhost", port: server.port, ["--app-id", DoctorSamples.appID, "--cdn"]))
            let transcript = DoctorTranscript(output)

            #expect(output.status.rawValue == 0, "\(output.standardOutput)\(output.standardError)")
            #expect(transcript.sections.first?.title == "http://go.localhost:\(server.port)")
            let local = try #require(transcript.sections.first?.checks.first)
            #expect(local.symbol == "-")
            #expect(local.title == "DNS, TLS and Apple's CDN, not checked with --local")
            #expect(local.fix == "before release, run `landfall doctor` on the https domain this server stands for")
            let apple = try #require(transcript.section(DoctorTranscript.appleSection))
            #expect(apple.title == "apple-app-site-association (http://go.localhost:\(server.port)/.well-known/apple-app-site-association)")
            #expect(apple.checks.allSatisfy { $0.symbol == "✓" }, "\(output.standardOutput)")
            #expect(apple.check("Lists \(DoctorSamples.appID)") != nil)
            #expect(!transcript.sections.contains { $0.title.hasPrefix("Apple's CDN") }, "--cdn is not asked of a local server")
            #expect(transcript.verdict == "healthy: 9 passed, 2 skipped (over plain http with --local: not what Apple's CDN sees)", "the host and Android's absent file skipped")
        }
    }

    @Test("a redirect of the association file on a local server fails the way it would on the live domain")
    func aRedirectFailsLocallyToo() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpServer(reply: DoctorSamples.site([
                DoctorSamples.associationPath: .redirect(to: "http://localhost/apple-app-site-association"),
            ]))
            let output = await runLandfall(Self.doctor("localhost", port: server.port))
            let transcript = DoctorTranscript(output)

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(transcript.check("No redirects", in: DoctorTranscript.appleSection)?.symbol == "✗")
            #expect(transcript.verdict.hasPrefix("problems found: "))
            #expect(transcript.verdict.hasSuffix("(over plain http with --local: not what Apple's CDN sees)"))
        }
    }

    @Test("nothing listening is a server not started, with the port to start it on")
    func nothingListeningSaysToStartTheServer() async throws {
        try await DoctorStage.run { stage in
            let port = try await stage.closedPort()
            let output = await runLandfall(Self.doctor("localhost", port: port, ["--platform", "ios"]))
            let check = try #require(DoctorTranscript(output).check("Server answers", in: DoctorTranscript.appleSection))

            #expect(output.status.rawValue == 1)
            #expect(check.symbol == "✗")
            #expect(check.fix == "start the server (landfall serve --port \(port)), or give --local the address it listens on")
        }
    }

    static let refused: [(argument: String, message: String)] = [
        ("https://go.localhost:8443", "--local https://go.localhost:8443: --local is for plain http servers; check an https host without it: landfall doctor go.localhost:8443"),
        ("ftp://localhost", "--local ftp://localhost: the scheme ftp is not http; give a server such as http://localhost:8080"),
        ("localhost/app", "--local localhost/app has a path but no scheme; give http://host:port or host:port"),
        ("http://localhost:99999", "--local http://localhost:99999: port 99999 is outside 1-65535"),
        ("", "--local is empty; give a server such as http://localhost:8080"),
    ]

    @Test(arguments: refused)
    func aLocalServerThatCannotBeReadIsAUsageError(argument: String, message: String) async {
        let output = await runLandfall(["doctor", "--local", argument])
        #expect(output.status.rawValue == 2)
        #expect(output.standardError.contains(message), "\(output.standardError)")
    }

    static let read: [(argument: String, origin: String, host: String, port: Int)] = [
        ("http://localhost:8080", "http://localhost:8080", "localhost", 8080),
        ("localhost:8080", "http://localhost:8080", "localhost", 8080),
        ("http://Staging.Example.com", "http://staging.example.com", "staging.example.com", 80),
        ("http://go.localhost:8080/friday", "http://go.localhost:8080", "go.localhost", 8080),
    ]

    @Test(arguments: read)
    func aLocalServerIsReadAsHTTP(argument: String, origin: String, host: String, port: Int) throws {
        let target = try DoctorTarget(local: argument)
        #expect(target.isLocal && target.origin == origin && target.host == host && target.port == port)
        #expect(target.url(for: .appleAssociation) == origin + "/.well-known/apple-app-site-association")
    }
}
