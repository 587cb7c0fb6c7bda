import Foundation
import LandfallStorage
import Logging
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The promise about clicks, with the real executable: after SIGTERM under load, the
/// stored click count equals the number of redirects answered.
@Suite(.serialized) struct ServeClickDurabilityTests {
    @Test func everyRedirectAnsweredBeforeSIGTERMIsAStoredClick() async throws {
        let folder = try CLIFixtures.temporaryFolder()
        let server = try ServingLandfall(["serve", "--port", "0", "--rate-limit", "0"], in: folder)
        defer { server.stop() }
        let port = try await server.waitForPort()
        let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
        var click = URLRequest(url: URL(string: "http://go.localhost:\(port)/friday")!)
        click.setValue("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36", forHTTPHeaderField: "User-Agent")
        let request = click
        let first = try await session.data(for: request).1 as? HTTPURLResponse
        try #require(first?.statusCode == 302, "the demo's short link answers a desktop browser with a redirect")

        // Eight clients click as fast as they can; SIGTERM comes while they do, once 200
        // redirects have been answered (counted, not timed: a loaded machine is slow).
        let tally = Tally()
        let answered = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var redirects = 0
                    while true {
                        guard let response = try? await session.data(for: request).1 as? HTTPURLResponse else { break }
                        if response.statusCode == 302 { redirects += 1 } else { break }
                        await tally.add()
                    }
                    return redirects
                }
            }
            group.addTask {
                while await tally.count < 200 {
                    try await Task.sleep(for: .milliseconds(10))
                }
                let status = await server.terminate()
                #expect(status == 0, "\(server.standardError)")
                return 0
            }
            return try await group.reduce(0, +)
        }
        #expect(answered >= 200)

        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let storage = try await Storage.open(.sqlite(directory: folder.appendingPathComponent("landfall-data").path), logger: logger)
        let stored = try await storage.link(host: "go.daily.example.com", slug: "friday")?.clickCount
        await storage.close()
        #expect(stored == answered + 1, "clicks stored \(stored ?? -1), redirects answered \(answered + 1)")
    }
}

/// A session delegate that hands redirects to the test instead of following them.
final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}

/// How many redirects the clients have been answered so far.
actor Tally {
    private(set) var count = 0

    func add() {
        count += 1
    }
}
