import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LandfallLinks
import LandfallStorage
import Logging
import Testing
@testable import LandfallServer

/// ``APIKeyMiddleware``: a valid, unrevoked key of the route's scope goes through with the key
/// in `context.apiKey`; no key or a bad one is 401 with `WWW-Authenticate`, a read key for a
/// write 403; failed authentications count against the client's rate limit, valid ones not.
@Suite struct APIKeyMiddlewareTests {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let keyName = HTTPField.Name("X-Test-Key-Name")!
    static let keyScope = HTTPField.Name("X-Test-Key-Scope")!
    /// A well-formed key that was never made.
    static let unknownKey = "lf_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"

    /// Keys stored in SQLite in a temporary directory, for one test.
    struct Keys {
        let storage: Storage
        let directory: TemporaryDirectory

        /// Stores a new key and returns the text that presents it.
        func make(_ scope: APIKeyScope, name: String) async throws -> String {
            let (text, record) = APIKeys.generate(name: name, scope: scope, at: Demo.noon)
            try await storage.insert(record)
            return text
        }
    }

    /// Runs `body` with a storage of its own, closed and removed afterwards.
    static func withKeys(_ body: (Keys) async throws -> Void) async throws {
        let directory = try TemporaryDirectory("landfall-unit-keys")
        let storage = try await Storage.open(.sqlite(directory: directory.path), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        do {
            try await body(Keys(storage: storage, directory: directory))
        } catch {
            await storage.close()
            directory.remove()
            throw error
        }
        await storage.close()
        directory.remove()
    }

    /// The middleware for each scope, after what it needs (the client's address, the error
    /// answers), before a route of that scope. Failed authentications: 3 at once, then one
    /// every 1000 seconds.
    static func router(_ keys: Keys) throws -> Router<LandfallRequestContext> {
        let sites = try UnitHarness.demoSites()
        let verifier = APIKeyVerifier(storage: keys.storage)
        let rateLimit = SharedRateLimitMiddleware(limiter: SharedLimiter("api", memory: RateLimit(requestsPerSecond: 0.001, burst: 3)))
        let router = UnitHarness.router()
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: ClientMiddleware(trust: ProxyTrust(header: forwardedFor, proxies: TrustedProxies(IPAddressRange.loopback))))
        router.add(middleware: ErrorMiddleware(sites: sites))
        let echo: @Sendable (Request, LandfallRequestContext) async throws -> Response = { _, context in
            Response(status: .ok, headers: [keyName: context.apiKey?.name ?? "none", keyScope: context.apiKey?.scope.rawValue ?? "none"])
        }
        router.group().add(middleware: APIKeyMiddleware(keys: verifier, scope: .read, rateLimit: rateLimit, clock: { Demo.noon }))
            .get("/v1/read", use: echo)
        router.group().add(middleware: APIKeyMiddleware(keys: verifier, scope: .write, rateLimit: rateLimit, clock: { Demo.noon }))
            .post("/v1/write", use: echo)
        router.group().add(middleware: APIKeyMiddleware(keys: verifier, scope: .webhooks, rateLimit: rateLimit, clock: { Demo.noon }))
            .post("/v1/webhooks", use: echo)
        return router
    }

    static func headers(_ authorization: String?, from address: String = "203.0.113.7") -> HTTPFields {
        var headers: HTTPFields = [forwardedFor: address]
        if let authorization { headers[.authorization] = authorization }
        return headers
    }

    @Test("a key allowing the route's scope goes through, and the handler sees it", arguments: [
        (scope: APIKeyScope.read, path: "/v1/read", method: HTTPRequest.Method.get),
        (scope: .write, path: "/v1/read", method: .get),
        (scope: .write, path: "/v1/write", method: .post),
        (scope: .webhooks, path: "/v1/read", method: .get),
        (scope: .webhooks, path: "/v1/webhooks", method: .post),
    ])
    func validKeyPasses(scope: APIKeyScope, path: String, method: HTTPRequest.Method) async throws {
        try await Self.withKeys { keys in
            let key = try await keys.make(scope, name: "ci-\(scope.rawValue)")
            try await UnitHarness.test(try Self.router(keys)) { client in
                let response = try await client.send(path, method, headers: Self.headers("Bearer \(key)"))
                #expect(response.status == .ok, "\(response.text)")
                #expect(response.headers[Self.keyName] == "ci-\(scope.rawValue)")
                #expect(response.headers[Self.keyScope] == scope.rawValue)
            }
        }
    }

    @Test("the scheme is read in any case, and spaces around the key are ignored", arguments: ["bearer %@", "BEARER %@", "Bearer   %@"])
    func schemeInAnyCase(format: String) async throws {
        try await Self.withKeys { keys in
            let key = try await keys.make(.read, name: "reader")
            try await UnitHarness.test(try Self.router(keys)) { client in
                let authorization = format.replacingOccurrences(of: "%@", with: key)
                let response = try await client.send("/v1/read", .get, headers: Self.headers(authorization))
                #expect(response.status == .ok, "\(response.text)")
            }
        }
    }

    @Test("no key, or one that is not a valid key, is a 401 with WWW-Authenticate", arguments: [
        (authorization: nil as String?, message: "This endpoint needs an API key: send 'Authorization: Bearer <key>' (create one with 'landfall keys create')."),
        (authorization: "Basic dXNlcjpwYXNz", message: "The Authorization header must be 'Bearer <key>'."),
        (authorization: "Bearer", message: "The Authorization header must be 'Bearer <key>'."),
        (authorization: "Bearer not-a-key", message: "That is not a Landfall API key (they look like lf_<id>_<secret>)."),
        (authorization: "Bearer \(unknownKey)", message: "This API key is not known."),
    ])
    func missingOrBadKeyIs401(authorization: String?, message: String) async throws {
        try await Self.withKeys { keys in
            try await UnitHarness.test(try Self.router(keys)) { client in
                let response = try await client.send("/v1/read", .get, headers: Self.headers(authorization))
                #expect(response.status == .unauthorized)
                #expect(response["WWW-Authenticate"] == #"Bearer realm="landfall""#)
                #expect(response.apiError["code"] == "unauthorized")
                #expect(response.apiError["message"] == message)
                #expect(response.headers[Self.keyName] == nil, "the handler was not reached")
            }
        }
    }

    @Test("a key with the right id and a wrong secret is not known")
    func wrongSecretIs401() async throws {
        try await Self.withKeys { keys in
            let key = try await keys.make(.write, name: "writer")
            let forged = String(key.dropLast()) + (key.hasSuffix("A") ? "B" : "A")
            try await UnitHarness.test(try Self.router(keys)) { client in
                let response = try await client.send("/v1/read", .get, headers: Self.headers("Bearer \(forged)"))
                #expect(response.status == .unauthorized)
                #expect(response.apiError["message"] == "This API key is not known.")
            }
        }
    }

    @Test("a revoked key is a 401")
    func revokedKeyIs401() async throws {
        try await Self.withKeys { keys in
            let key = try await keys.make(.write, name: "gone")
            let id = try #require(APIKeys.parse(key)).id
            #expect(try await keys.storage.revokeAPIKey(id: id, at: Demo.noon))
            try await UnitHarness.test(try Self.router(keys)) { client in
                let response = try await client.send("/v1/read", .get, headers: Self.headers("Bearer \(key)"))
                #expect(response.status == .unauthorized)
                #expect(response.apiError["message"] == "This API key was revoked.")
            }
        }
    }

    @Test("a read key asking to write is a 403, without WWW-Authenticate")
    func readKeyWritingIs403() async throws {
        try await Self.withKeys { keys in
            let key = try await keys.make(.read, name: "reader")
            try await UnitHarness.test(try Self.router(keys)) { client in
                let response = try await client.send("/v1/write", .post, headers: Self.headers("Bearer \(key)"))
                #expect(response.status == .forbidden)
                #expect(response["WWW-Authenticate"] == nil)
                #expect(response.apiError["code"] == "forbidden")
                #expect(response.apiError["message"] == "This API key has the 'read' scope; this request needs 'write'.")
            }
        }
    }

    @Test("a key of another scope is a 403 naming both scopes: a write key cannot redirect events, a webhooks key cannot change links",
          arguments: [
        (scope: APIKeyScope.read, path: "/v1/webhooks", needed: "webhooks"),
        (scope: .write, path: "/v1/webhooks", needed: "webhooks"),
        (scope: .webhooks, path: "/v1/write", needed: "write"),
    ])
    func keyOfAnotherScopeIs403(scope: APIKeyScope, path: String, needed: String) async throws {
        try await Self.withKeys { keys in
            let key = try await keys.make(scope, name: "other")
            try await UnitHarness.test(try Self.router(keys)) { client in
                let response = try await client.send(path, .post, headers: Self.headers("Bearer \(key)"))
                #expect(response.status == .forbidden)
                #expect(response.apiError["message"] == "This API key has the '\(scope.rawValue)' scope; this request needs '\(needed)'.")
                #expect(response.headers[Self.keyName] == nil, "the handler was not reached")
            }
        }
    }

    @Test("failed authentications count against the client's rate limit; valid keys do not")
    func failuresAreRateLimited() async throws {
        try await Self.withKeys { keys in
            let key = try await keys.make(.read, name: "reader")
            let reader = try await keys.make(.read, name: "reader")
            try await UnitHarness.test(try Self.router(keys)) { client in
                for attempt in 1...10 {
                    let valid = try await client.send("/v1/read", .get, headers: Self.headers("Bearer \(key)"))
                    #expect(valid.status == .ok, "valid call \(attempt)")
                }
                let failures: [String?] = [nil, "Bearer \(Self.unknownKey)", "Bearer \(reader)"]
                let paths: [(String, HTTPRequest.Method)] = [("/v1/read", .get), ("/v1/read", .get), ("/v1/write", .post)]
                for (authorization, (path, method)) in zip(failures, paths) {
                    let response = try await client.send(path, method, headers: Self.headers(authorization))
                    #expect([.unauthorized, .forbidden].contains(response.status), "\(authorization ?? "no key") on \(path)")
                }
                let limited = try await client.send("/v1/read", .get, headers: Self.headers("Bearer \(Self.unknownKey)"))
                #expect(limited.status == .tooManyRequests)
                #expect(limited.apiError["code"] == "rate_limited")
                #expect(limited["Retry-After"].flatMap { Int($0) }.map { (900...1000).contains($0) } == true)

                let stillValid = try await client.send("/v1/read", .get, headers: Self.headers("Bearer \(key)"))
                #expect(stillValid.status == .ok, "a valid key from a limited address still works")
                let other = try await client.send("/v1/read", .get,
                                                     headers: Self.headers("Bearer \(Self.unknownKey)", from: "198.51.100.23"))
                #expect(other.status == .unauthorized, "another address has its own bucket")
            }
        }
    }
}
