import ChildProcess
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The receiver webhook tests deliver to: Tests/Webhooks/receiver.py on 127.0.0.1, which
/// verifies every delivery with `standardwebhooks` (the Standard Webhooks library for Python,
/// an implementation that is not ours) and records it; it can be told to fail, hang or
/// redirect, to change its secrets, and be stopped and started again on the same port.
///
/// ```swift
/// @Test(.enabled(if: WebhookReceiver.shouldRun))
/// func aCreatedLinkIsDelivered() async throws {
///     let receiver = try await WebhookReceiver.start(secrets: [secret.text])
///     // ... add an endpoint with receiver.url(path: "/hooks"), create a link ...
///     let deliveries = try await receiver.waitForDeliveries(count: 1, within: .seconds(30))
///     #expect(deliveries.map(\.type) == ["link.created"])
///     #expect(deliveries.allSatisfy(\.verified))
/// }
/// ```
///
/// The Python environment is .build/venv-webhooks (`WEBHOOKS_VENV` overrides it), which
/// `scripts/webhook-receiver --venv-only` prepares and CI prepares before the tests. Without it,
/// ``start(secrets:)`` throws ``Unavailable``: gate the tests with ``shouldRun`` so that they skip
/// on a machine without it and fail on CI (``mustRun``).
public final class WebhookReceiver: Sendable {
    /// The receiver's Python environment is not prepared.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The receiver did not start, or refused a control request.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// What the receiver answers deliveries with.
    public enum Mode: Sendable, Hashable {
        /// 204, or 400 when the signature does not verify (the mode it starts in).
        case ok
        /// `status` with a short body.
        case fail(status: Int = 500)
        /// Holds the request for `seconds`, then answers 204.
        case hang(seconds: Double = 30)
        /// 307 to `http://127.0.0.1:PORT/elsewhere`.
        case redirect
    }

    /// The repository's root (three folders above this file's folder).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Tests/Webhooks/receiver.py.
    public static let script = repositoryRoot.appendingPathComponent("Tests/Webhooks/receiver.py").path

    /// The virtual environment's folder: `WEBHOOKS_VENV`, or .build/venv-webhooks.
    public static var environmentFolder: String {
        ProcessInfo.processInfo.environment["WEBHOOKS_VENV"].flatMap { $0.isEmpty ? nil : $0 }
            ?? repositoryRoot.appendingPathComponent(".build/venv-webhooks").path
    }

    /// The virtual environment's python.
    public static var python: String { environmentFolder + "/bin/python" }

    /// Whether the receiver can run: the virtual environment exists and has the packages of
    /// Tests/Webhooks/requirements.txt as it is now.
    public static var isAvailable: Bool { unavailability() == nil }

    /// Whether the tests must run, and fail rather than skip without the receiver: on CI (`CI` set).
    public static var mustRun: Bool {
        ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
    }

    /// The condition for `.enabled(if:)`: run when the receiver is available, and always on CI.
    public static var shouldRun: Bool { isAvailable || mustRun }

    /// Why the receiver cannot run, or `nil` when it can.
    static func unavailability() -> Unavailable? {
        let prepare = "run scripts/webhook-receiver --venv-only (CI does before the tests)"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            return Unavailable(description: "the webhook receiver's Python environment is not prepared (no \(python)); \(prepare)")
        }
        let wanted = FileManager.default.contents(atPath: repositoryRoot.appendingPathComponent("Tests/Webhooks/requirements.txt").path)
        let installed = FileManager.default.contents(atPath: environmentFolder + "/requirements.installed.txt")
        guard wanted != nil, wanted == installed else {
            return Unavailable(description: "the webhook receiver's Python environment \(environmentFolder) does not have Tests/Webhooks/requirements.txt as it is now; \(prepare)")
        }
        return nil
    }

    private struct State {
        var child: ChildProcess?
        var port: Int
        var secrets: [String]
    }

    private let state: Mutex<State>
    private let folder: URL
    /// The file the receiver appends each delivery to, one JSON line each (kept across restarts).
    public let recordFile: URL

    private init(child: ChildProcess, port: Int, secrets: [String], folder: URL) {
        self.state = Mutex(State(child: child, port: port, secrets: secrets))
        self.folder = folder
        self.recordFile = folder.appendingPathComponent("received.jsonl")
    }

    deinit {
        // Dropping the child stops it (ChildProcess kills and reaps what is still running).
        state.withLock { $0.child = nil }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Starts a receiver on a free port of 127.0.0.1 that verifies with `secrets` (`whsec_...`;
    /// a delivery is verified when one of them verifies it).
    ///
    /// - Throws: ``Unavailable`` without the Python environment; ``Failure`` when the receiver
    ///   does not start within 30 s (with what it printed).
    public static func start(secrets: [String]) async throws -> WebhookReceiver {
        if let unavailable = unavailability() { throw unavailable }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-webhook-receiver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            let (child, port) = try await launch(port: 0, secrets: secrets, folder: folder)
            return WebhookReceiver(child: child, port: port, secrets: secrets, folder: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// The port it listens on.
    public var port: Int { state.withLock { $0.port } }

    /// `http://127.0.0.1:PORT/path` (a leading `/` is added when `path` has none).
    public func url(path: String) -> String {
        "http://127.0.0.1:\(port)" + (path.hasPrefix("/") ? path : "/" + path)
    }

    /// Every delivery recorded so far, in the order they arrived (across restarts).
    ///
    /// - Throws: When a recorded line is not what the receiver writes (a bug in receiver.py).
    public func received() throws -> [ReceivedWebhook] {
        guard let data = FileManager.default.contents(atPath: recordFile.path) else { return [] }
        // Only whole lines: a long line may be on its way to the file while it is read.
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        lines.removeLast()
        return try lines.filter { !$0.isEmpty }.map { try JSONDecoder().decode(ReceivedWebhook.self, from: Data($0)) }
    }

    /// Waits until at least `count` deliveries are recorded, looking every 50 ms, at most
    /// `limit`; returns what arrived (fewer than `count` when the time ran out: check the count).
    public func waitForDeliveries(count: Int, within limit: Duration) async throws -> [ReceivedWebhook] {
        let deadline = ContinuousClock.now + limit
        while true {
            let deliveries = try received()
            if deliveries.count >= count || ContinuousClock.now >= deadline { return deliveries }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Sets what the receiver answers: for the next `count` deliveries, then back to ``Mode/ok``;
    /// `nil` for until changed.
    ///
    /// - Throws: ``Failure`` when the receiver refuses it (it says why).
    public func setMode(_ mode: Mode, count: Int? = nil) async throws {
        var request: [String: Any] = ["count": count.map { $0 as Any } ?? NSNull()]
        switch mode {
        case .ok: request["mode"] = "ok"
        case .fail(let status): request["mode"] = "fail"; request["status"] = status
        case .hang(let seconds): request["mode"] = "hang"; request["seconds"] = seconds
        case .redirect: request["mode"] = "redirect"
        }
        try await control("/_control/mode", request)
    }

    /// Replaces the secrets deliveries are verified with (also after a ``restart(after:)``).
    ///
    /// - Throws: ``Failure`` when the receiver refuses them (one is not a `whsec_` secret).
    public func setSecrets(_ secrets: [String]) async throws {
        try await control("/_control/secrets", ["secrets": secrets])
        state.withLock { $0.secrets = secrets }
    }

    /// Stops the receiver: SIGTERM, then SIGKILL after 5 s. Its record stays readable.
    public func stop() async {
        let child = state.withLock { state in
            defer { state.child = nil }
            return state.child
        }
        _ = await child?.stop(grace: .seconds(5))
    }

    /// The receiver down for a while: stops it, waits `downtime`, and starts it again on the
    /// same port (trying for 10 s while the port is still taken, then any free port: read
    /// ``port`` after). The mode is back to ``Mode/ok``; the secrets and the record are kept.
    ///
    /// - Throws: ``Failure`` when it does not start again.
    public func restart(after downtime: Duration = .zero) async throws {
        await stop()
        if downtime > .zero { try await Task.sleep(for: downtime) }
        let (oldPort, secrets) = state.withLock { ($0.port, $0.secrets) }
        let deadline = ContinuousClock.now + .seconds(10)
        var launched: (child: ChildProcess, port: Int)
        while true {
            do {
                launched = try await Self.launch(port: oldPort, secrets: secrets, folder: folder)
                break
            } catch is Failure {
                // The port may still be taken (a connection the old process had, closing).
                guard ContinuousClock.now < deadline else {
                    launched = try await Self.launch(port: 0, secrets: secrets, folder: folder)
                    break
                }
                try await Task.sleep(for: .milliseconds(200))
            }
        }
        let (child, port) = launched
        state.withLock { state in
            state.child = child
            state.port = port
        }
    }

    /// Starts receiver.py and reads the port from its first line, `listening on PORT`.
    private static func launch(port: Int, secrets: [String], folder: URL) async throws -> (ChildProcess, Int) {
        let output = folder.appendingPathComponent("stdout").path
        let errors = folder.appendingPathComponent("stderr").path
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONUNBUFFERED"] = "1"
        let child = try ChildProcess(
            executable: python,
            arguments: [script, "serve", "--port", String(port), "--record", folder.appendingPathComponent("received.jsonl").path]
                + secrets.flatMap { ["--secret", $0] },
            environment: environment,
            standardOutput: output,
            standardError: errors
        )
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first, text.contains("\n") {
                guard line.hasPrefix("listening on "), let port = Int(line.dropFirst("listening on ".count)) else {
                    _ = await child.stop(grace: .seconds(1))
                    throw Failure(description: "the webhook receiver's first line is '\(line)'; expected 'listening on PORT'")
                }
                return (child, port)
            }
            if let termination = child.poll() {
                let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
                throw Failure(description: "the webhook receiver ended (\(termination)) before listening on port \(port): \(said)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        _ = await child.stop(grace: .seconds(1))
        throw Failure(description: "the webhook receiver did not say 'listening on PORT' within 30 s")
    }

    /// POSTs `request` as JSON to a control path, throwing the receiver's refusal.
    private func control(_ path: String, _ request: [String: Any]) async throws {
        guard let url = URL(string: url(path: path)) else { throw Failure(description: "no URL for \(path)") }
        var urlRequest = URLRequest(url: url, timeoutInterval: 10)
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.httpBody = try JSONSerialization.data(withJSONObject: request)
        let (body, response) = try await URLSession.shared.data(for: urlRequest)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            throw Failure(description: "the webhook receiver refused \(path) (\(status)): \(String(decoding: body, as: UTF8.self))")
        }
    }
}
