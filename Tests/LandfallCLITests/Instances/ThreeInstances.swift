import Foundation
@testable import LandfallStorage
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The world of one several-instances test: three real `landfall serve` processes of the demo,
/// each on a free port of 127.0.0.1, on one fresh PostgreSQL database (made on the server of
/// `LANDFALL_TEST_POSTGRES_URL`, dropped at the end), a `write` API key from `landfall keys
/// create`, and the database opened by the test too (``storage``) for what only it can do.
///
/// Every request is real HTTP: the API on the site host (`localhost:PORT`), short links on the
/// link host (`go.localhost:PORT`). ``run(linkCacheTTL:_:)`` stops the servers however the
/// test ends, and ``logs`` (their standard error) goes into failure messages.
final class ThreeInstances: Sendable {
    /// The servers, each with its port.
    let servers: [(process: ServingLandfall, port: Int)]
    /// A `write` API key.
    let key: String
    /// The same database, opened by the test.
    let storage: Storage
    private let databaseURL: String
    private let adminURL: String
    private let folder: URL

    /// Starts the scene, runs `body` with it, and stops it whatever happens. Every server
    /// keeps a link in memory for `linkCacheTTL` seconds (long by default, so that only the
    /// change notifications can make another instance see a change).
    static func run(linkCacheTTL: Int = 600, _ body: (ThreeInstances) async throws -> Void) async throws {
        let scene = try await start(linkCacheTTL: linkCacheTTL)
        do {
            try await body(scene)
        } catch {
            await scene.finish()
            throw error
        }
        await scene.finish()
    }

    private static func start(linkCacheTTL: Int) async throws -> ThreeInstances {
        let admin = try #require(ProcessInfo.processInfo.environment["LANDFALL_TEST_POSTGRES_URL"],
                                 "CI is set but LANDFALL_TEST_POSTGRES_URL is not")
        let url = try await ScratchDatabase.create(adminURL: admin)
        let folder = try CLIFixtures.temporaryFolder()
        do {
            // Migrated first, so that the three start on the same schema; small pools, as
            // other tests run meanwhile.
            let storage = try await Storage.open(.postgres(url: url, connections: 2), logger: CLIDatabase.quiet)
            let storageOptions = ["--database-url", url, "--database-connections", "4"]
            let created = try await LandfallExecutable.run(["keys", "create", "--name", "instances", "--scope", "write"] + storageOptions)
            guard created.status == 0 else {
                await storage.close()
                Issue.record("landfall keys create: \(created.standardError)")
                throw CancellationError()
            }
            let key = created.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            let arguments = ["serve", "--port", "0", "--rate-limit", "0", "--link-cache-ttl", "\(linkCacheTTL)"] + storageOptions
            let processes = try (1...3).map { _ in try ServingLandfall(arguments, in: folder) }
            var servers: [(ServingLandfall, Int)] = []
            do {
                for process in processes {
                    servers.append((process, try await process.waitForPort()))
                }
            } catch {
                processes.forEach { $0.stop() }
                await storage.close()
                throw error
            }
            return ThreeInstances(servers: servers, key: key, storage: storage, databaseURL: url, adminURL: admin, folder: folder)
        } catch {
            try? await ScratchDatabase.drop(url, adminURL: admin)
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    private init(servers: [(process: ServingLandfall, port: Int)], key: String, storage: Storage, databaseURL: String, adminURL: String,
                 folder: URL) {
        self.servers = servers
        self.key = key
        self.storage = storage
        self.databaseURL = databaseURL
        self.adminURL = adminURL
        self.folder = folder
    }

    /// Stops the servers (SIGTERM, waiting for each), closes the test's storage and drops the database.
    private func finish() async {
        for server in servers {
            _ = await server.process.terminate()
        }
        await storage.close()
        try? await ScratchDatabase.drop(databaseURL, adminURL: adminURL)
        try? FileManager.default.removeItem(at: folder)
    }

    /// What each server has logged so far (the last lines of each), for failure messages.
    var logs: String {
        servers.enumerated().map { index, server in
            let lines = server.process.standardError.split(separator: "\n", omittingEmptySubsequences: false).suffix(40)
            return "--- instance \(index + 1) (port \(server.port)):\n" + lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The indexes of ``servers``.
    var instances: Range<Int> { servers.indices }

    // MARK: Requests

    /// A session that leaves redirects to the test.
    static let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)

    /// A desktop browser: a short link answers it with a redirect.
    static let desktop = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"

    /// The demo's site host on instance `index`.
    func site(_ index: Int, _ path: String) -> URL {
        URL(string: "http://localhost:\(servers[index].port)\(path)")!
    }

    /// Sends `body` (JSON, when given) to the API of instance `index` with the key (when
    /// `authorized`); returns the status and the answer's text.
    func send(_ method: String, _ path: String, _ body: String? = nil, to index: Int, authorized: Bool = true) async throws -> (status: Int, text: String) {
        var request = URLRequest(url: site(index, path), timeoutInterval: 30)
        request.httpMethod = method
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
        }
        if authorized { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await Self.session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// Creates the short link `slug` through instance `index` (with `fields`, JSON members
    /// added to the body); returns its id.
    @discardableResult
    func createLink(_ slug: String, fields: String = "", on index: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let extra = fields.isEmpty ? "" : ", " + fields
        let answer = try await send("POST", "/v1/links", #"{"target": "https://daily.example.com/puzzle/2026-11-21", "slug": "\#(slug)"\#(extra)}"#, to: index)
        try #require(answer.status == 201, "POST /v1/links on instance \(index + 1) answered \(answer.status): \(answer.text)", sourceLocation: sourceLocation)
        let link = try #require(try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any], sourceLocation: sourceLocation)
        return try #require(link["id"] as? String, sourceLocation: sourceLocation)
    }

    /// Opens the short link `slug` on instance `index` as a desktop browser; returns the status
    /// (302 a redirect, 410 gone, 404 no such link).
    func click(_ slug: String, on index: Int) async throws -> Int {
        var request = URLRequest(url: URL(string: "http://go.localhost:\(servers[index].port)/\(slug)")!, timeoutInterval: 30)
        request.setValue(Self.desktop, forHTTPHeaderField: "User-Agent")
        let (_, response) = try await Self.session.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// What every instance answers for `slug`, in instance order.
    func clicks(_ slug: String) async throws -> [Int] {
        var statuses: [Int] = []
        for index in instances {
            statuses.append(try await click(slug, on: index))
        }
        return statuses
    }

    /// Tries the invitation `code` on instance `index`; returns the status and the error code.
    func redeem(_ code: String, on index: Int) async throws -> (status: Int, error: String?) {
        let answer = try await send("POST", "/v1/invites/redeem", #"{"code": "\#(code)"}"#, to: index, authorized: false)
        let object = try? JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any]
        let error = (object?["error"] as? [String: Any])?["code"] as? String
        return (answer.status, error)
    }

    /// Asks every instance for `slug` until each answers `status` or `limit` passes; returns
    /// what each answered last.
    func waitUntilEveryInstance(answers status: Int, for slug: String, within limit: Duration) async throws -> [Int] {
        let deadline = ContinuousClock.now + limit
        var statuses = try await clicks(slug)
        while statuses.contains(where: { $0 != status }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            statuses = try await clicks(slug)
        }
        return statuses
    }
}

extension ThreeInstances {
    /// A well-formed invitation code that no test creates (the `7777` prefix is never made by
    /// the demo), the `seed`-th of its kind.
    static func unknownCode(_ seed: Int) -> String {
        let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
        var symbols = Array("7777")
        var value = seed
        while symbols.count < 15 {
            symbols.append(alphabet[value % alphabet.count])
            value /= alphabet.count
        }
        return String(symbols[0..<5]) + "-" + String(symbols[5..<10]) + "-" + String(symbols[10..<15])
    }
}
