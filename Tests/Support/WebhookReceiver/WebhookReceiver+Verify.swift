import ChildProcess
import Foundation

extension WebhookReceiver {
    /// What `receiver.py verify` said of one message.
    public struct Verification: Sendable, Hashable, CustomStringConvertible {
        /// Its exit status: 0 verified, 1 not verified, 2 a bad argument.
        public let status: Int32
        /// What it printed (the library's error when it did not verify).
        public let output: String

        /// Whether `standardwebhooks` verified the message.
        public var verified: Bool { status == 0 }

        public var description: String { "exit status \(status): \(output)" }
    }

    /// Asks `standardwebhooks` (`receiver.py verify`, the library's own `Webhook.verify` with the
    /// three headers) whether `signature` is right for the message.
    ///
    /// The library refuses a `timestamp` more than 5 minutes from now: pass a current one.
    ///
    /// - Throws: ``Unavailable`` without the Python environment; ``Failure`` when it does not
    ///   finish within 30 s.
    public static func verify(secret: String, id: String, timestamp: Int, signature: String, body: [UInt8]) async throws -> Verification {
        if let unavailable = unavailability() { throw unavailable }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-webhook-verify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bodyFile = folder.appendingPathComponent("body")
        try Data(body).write(to: bodyFile)
        let output = folder.appendingPathComponent("output").path
        let child = try ChildProcess(
            executable: python,
            arguments: [script, "verify", "--secret", secret, "--id", id, "--timestamp", String(timestamp),
                        "--signature", signature, "--body-file", bodyFile.path],
            standardOutput: output,
            standardError: output + ".errors"
        )
        guard let termination = await child.exit(within: .seconds(30)) else {
            _ = await child.stop(grace: .seconds(1))
            throw Failure(description: "receiver.py verify did not finish within 30 s")
        }
        let printed = [output, output + ".errors"]
            .compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
            .joined()
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return Verification(status: termination.status, output: printed)
    }
}
