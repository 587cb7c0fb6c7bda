import ChildProcess
import Foundation
import Testing

/// One `landfall serve` process of the webhook fault tests: the real executable on a free port,
/// with the shortest webhook lease (`--webhook-lease 11`) so that a killed instance's deliveries
/// come back within seconds, ended with SIGTERM (cleanly) or SIGKILL (in the middle of things).
///
/// Like ``ServingLandfall``, its standard error goes to a file read as it grows, and every wait
/// sleeps the task, never a thread.
final class WebhookFaultServer: Sendable {
    private let child: ChildProcess
    private let errorFile: String
    /// The port it listens on (from its "listening" line).
    let port: Int

    /// Starts `landfall serve` on `storage` (`--data-dir …` or `--database-url …`) and waits
    /// (at most 60 s) until it listens.
    /// `webhookOptions` replace `--webhook-lease 11` (a test that needs attempts to stay in
    /// flight longer gives `--webhook-timeout` and a lease longer than it).
    static func start(storage: [String], in directory: URL, webhookOptions: [String] = ["--webhook-lease", "11"]) async throws -> WebhookFaultServer {
        let errorFile = try CLIFixtures.temporaryFolder().appendingPathComponent("stderr").path
        let arguments = ["serve", "--port", "0", "--rate-limit", "0"] + webhookOptions + storage
        let child = try ChildProcess(executable: try LandfallExecutable.location().path, arguments: arguments,
                                     directory: directory.path, standardError: errorFile)
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let text = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
            if let range = text.range(of: "on http://127.0.0.1:"), let port = Int(text[range.upperBound...].prefix { $0.isNumber }), port > 0 {
                return WebhookFaultServer(child: child, errorFile: errorFile, port: port)
            }
            guard child.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        _ = await child.stop(grace: .seconds(2))
        throw ServingLandfall.NotListening(output: (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "")
    }

    private init(child: ChildProcess, errorFile: String, port: Int) {
        self.child = child
        self.errorFile = errorFile
        self.port = port
    }

    deinit {
        // A test that failed half-way leaves no server behind.
        child.send(SIGKILL)
    }

    /// What it has logged so far.
    var standardError: String { (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "" }

    /// SIGTERM: the server finishes the requests and webhook attempts in flight and exits.
    /// Returns how it ended (at most 30 s, then it is killed).
    func terminate() async -> ChildProcess.Termination {
        await child.stop(grace: .seconds(30))
    }

    /// SIGKILL: the server dies at once, whatever it was doing.
    func kill() async -> ChildProcess.Termination {
        child.send(SIGKILL)
        return await child.exit()
    }

    /// `http://localhost:PORT` + `path`: the demo's site host (`localhost` is daily.example.com).
    func site(_ path: String) -> URL {
        URL(string: "http://localhost:\(port)\(path)")!
    }

    /// `http://go.localhost:PORT` + `path`: the demo's link host (go.daily.example.com).
    func links(_ path: String) -> URL {
        URL(string: "http://go.localhost:\(port)\(path)")!
    }
}
