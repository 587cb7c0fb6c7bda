import ChildProcess
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `landfall serve` as a user runs it: the real executable, in a directory of its own.
@Suite(.serialized) struct ServeCommandTests {
    @Test func withNoFileItServesTheDemoFromAnyDirectoryAndStopsCleanlyOnSIGTERM() async throws {
        let folder = try CLIFixtures.temporaryFolder()
        let server = try ServingLandfall(["serve", "--port", "0"], in: folder)
        defer { server.stop() }
        let port = try await server.waitForPort()
        #expect(server.standardError.contains("a puzzle page, with preview tags and store buttons:"))

        let (body, response) = try await URLSession.shared.data(from: URL(string: "http://localhost:\(port)/puzzle/2026-11-20")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("<h1>Compass</h1>"))
        let (association, _) = try await URLSession.shared.data(from: URL(string: "http://localhost:\(port)/.well-known/apple-app-site-association")!)
        #expect(String(decoding: association, as: UTF8.self).contains("ABCDE12345.com.example.dailypuzzle"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("landfall-data/landfall.sqlite").path))

        let status = await server.terminate()
        #expect(status == 0, "\(server.standardError)")
    }

    @Test func sigHUPReloadsTheSiteAndABrokenReloadKeepsTheRunningOne() async throws {
        let folder = try CLIFixtures.temporaryFolder()
        let demo = try String(contentsOfFile: CLIFixtures.example("demo/landfall.yml"), encoding: .utf8)
        let file = folder.appendingPathComponent("landfall.yml")
        try Data(demo.utf8).write(to: file)
        try FileManager.default.copyItem(atPath: CLIFixtures.example("demo/templates"), toPath: folder.appendingPathComponent("templates").path)
        let server = try ServingLandfall(["serve", file.path, "--port", "0"], in: folder)
        defer { server.stop() }
        let port = try await server.waitForPort()
        let page = URL(string: "http://localhost:\(port)/hello")!
        #expect(try await Self.status(page) == 404)

        let added = demo.replacingOccurrences(of: "routes:\n", with: "routes:\n  - name: hello\n    pattern: /hello\n    page: {title: Hello}\n")
        try Data(added.utf8).write(to: file)
        try await server.hangUpAndWait(forLogLine: "site reloaded")
        #expect(try await Self.status(page) == 200)

        try Data("site: [".utf8).write(to: file)
        try await server.hangUpAndWait(forLogLine: "site reload refused")
        #expect(try await Self.status(page) == 200)
        #expect(await server.terminate() == 0)
    }

    static func status(_ url: URL) async throws -> Int? {
        let (_, response) = try await URLSession.shared.data(from: url)
        return (response as? HTTPURLResponse)?.statusCode
    }

    @Test func anInvalidSiteConfigurationStopsItBeforeItListens() async throws {
        let result = try await LandfallExecutable.run(["serve", CLIFixtures.example("broken-landfall.yml"), "--port", "0",
                                                 "--data-dir", try CLIFixtures.temporaryFolder().path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("refused to start"))
        #expect(result.standardError.contains("broken-landfall.yml:3:13: error: site.timeZone"))
        #expect(!result.standardError.contains("listening"))
    }

    @Test(arguments: [
        (["serve", "/no/such/landfall.yml"], "no such file"),
        (["serve", "--port", "70000"], "--port must be 0...65535"),
        (["serve", "--log-level", "loud"], "--log-level must be one of"),
        (["serve", "--templates", "/tmp"], "need a site configuration file"),
        (["serve", "--rate-limit=-1"], "--rate-limit must be 0 (no limit) or more"),
        (["serve", "--rate-limit-burst", "0"], "--rate-limit-burst must be 1 or more"),
        (["serve", "--client-address-header", "X Forwarded"], "--client-address-header must be a header name"),
        (["serve", "--database-url", "mysql://db.example.com/landfall"], "--database-url must be a postgres:// or postgresql:// URL"),
        (["serve", "--webhook-lease", "10"], "--webhook-lease must be 11...3600 seconds, not 10"),
        (["serve", "--webhook-timeout", "0"], "--webhook-timeout must be 1...300 seconds, not 0"),
        (["serve", "--webhook-timeout", "30"], "--webhook-lease (30 s) must be longer than --webhook-timeout (30 s)"),
        (["serve", "--stale-if-error", "5 minutes"], "--stale-if-error: 'minutes' in '5 minutes' is not a unit; write 5m"),
        (["serve", "--click-buffer-limit", "0"], "--click-buffer-limit must be 1 or more, not 0"),
        (["serve", "--tls-certificate", "cert.pem"], "--tls-certificate needs --tls-key"),
        (["serve", "--tls-key", "key.pem"], "--tls-key needs --tls-certificate"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await LandfallExecutable.run(arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }
}

/// A `landfall serve` subprocess; its standard error goes to a file, read as it grows.
final class ServingLandfall: Sendable {
    private let child: ChildProcess
    private let errorFile: String

    init(_ arguments: [String], in directory: URL) throws {
        errorFile = try CLIFixtures.temporaryFolder().appendingPathComponent("stderr").path
        child = try ChildProcess(executable: try LandfallExecutable.location().path, arguments: arguments,
                                 directory: directory.path, standardError: errorFile)
    }

    var standardError: String { (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "" }

    /// The port from the "listening" line (http or https), waiting up to 60 s for it. The waits here sleep the
    /// task, never the thread: a test blocking one of the cooperative pool's threads (two on
    /// this machine) for seconds stalls every other test's servers meanwhile.
    func waitForPort() async throws -> Int {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let text = standardError
            if let range = text.range(of: "on http://127.0.0.1:") ?? text.range(of: "on https://127.0.0.1:") {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                if let port = Int(digits), port > 0 { return port }
            }
            guard child.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw NotListening(output: standardError)
    }

    /// Sends SIGHUP and waits (up to 30 s) until the log has one more line containing `text`.
    func hangUpAndWait(forLogLine text: String) async throws {
        let before = standardError.components(separatedBy: text).count
        child.send(SIGHUP)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if standardError.components(separatedBy: text).count > before { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw NotListening(output: standardError)
    }

    /// Sends SIGTERM and waits for the exit status (sleeping the task between looks).
    func terminate() async -> Int32 {
        child.send(SIGTERM)
        return await child.exit().status
    }

    /// Sends SIGTERM without waiting (a `defer` after a failed test); the child is killed and
    /// reaped when this object goes away if it has not ended by then.
    func stop() {
        child.send(SIGTERM)
    }

    struct NotListening: Error, CustomStringConvertible {
        var output: String
        var description: String { "landfall serve did not start listening; it printed:\n\(output)" }
    }
}
