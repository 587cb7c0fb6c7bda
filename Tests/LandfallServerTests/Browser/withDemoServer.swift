import Foundation
import Hummingbird
@testable import LandfallServer
import Logging
import ServiceLifecycle

/// Runs the built-in demo site in this process on a free port of 127.0.0.1, the way
/// `landfall serve` does (same ``buildApplication(_:)``), calls `body` with the port, and
/// stops the server when `body` returns or throws, with a graceful shutdown as SIGTERM would
/// (cancelling it instead would skip closing the database).
///
/// ```swift
/// try await withDemoServer(now: day) { port in
///     let dom = try await chromium.renderedDOM(of: "http://localhost:\(port)/puzzle/2026-11-20")
/// }
/// ```
///
/// With `seedsDemo`, the demo's short links and invitation are stored first, as `landfall serve`
/// does. The server's clock stands still at `now`, so which puzzles are out does not depend on the
/// day the tests run. Its database lives in a temporary directory removed afterwards.
///
/// - Throws: what building the application throws, ``DemoServerError`` when it stops before
///   it listens, and what `body` throws.
func withDemoServer<Result: Sendable>(now: Date, seedsDemo: Bool = false, _ body: @Sendable (Int) async throws -> Result) async throws -> Result {
    let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-browser-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dataDirectory) }
    let (ports, portContinuation) = AsyncStream<Int>.makeStream()
    var configuration = ServerConfiguration(
        site: .demo, host: "127.0.0.1", port: 0, dataDirectory: dataDirectory.path, clock: { now },
        logLevel: .error, reloadsOnHangup: false, onServerRunning: { port in portContinuation.yield(port) })
    configuration.seedsDemoLinks = seedsDemo
    let application = try await buildApplication(configuration)
    let serviceGroup = ServiceGroup(configuration: .init(services: [application], logger: Logger(label: "browser-tests")))

    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            defer { portContinuation.finish() }
            try await serviceGroup.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await group.waitForAll()
            throw DemoServerError()
        }
        let result: Swift.Result<Result, any Error>
        do {
            result = .success(try await body(port))
        } catch {
            result = .failure(error)
        }
        await serviceGroup.triggerGracefulShutdown()
        try await group.waitForAll()
        return try result.get()
    }
}

/// The demo server stopped before it listened.
struct DemoServerError: Error, CustomStringConvertible {
    var description: String { "the demo server stopped before it listened on a port" }
}
