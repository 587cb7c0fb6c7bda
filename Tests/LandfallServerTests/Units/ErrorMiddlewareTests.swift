import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LandfallStorage
import Testing
@testable import LandfallServer

/// ``ErrorMiddleware``: every error becomes its answer in one place: the API's JSON under
/// `/v1`, a page naming the request id elsewhere; what is unexpected is logged with the
/// request id and answered 500 without a trace of it.
@Suite struct ErrorMiddlewareTests {
    static let requestID = HTTPField.Name("X-Request-ID")!
    static let secret = "s3cr3t-connection-string"

    /// Routes, each throwing one error, behind the middleware.
    static func router() throws -> Router<LandfallRequestContext> {
        let sites = try UnitHarness.demoSites()
        let router = UnitHarness.router()
        router.add(middleware: RouteLabelSpy())
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: ErrorMiddleware(sites: sites))
        let errors: [(String, any Error)] = [
            ("missing", APIError(.notFound, .notFound, "No such thing.")),
            ("boom", UnexpectedFailure(secret: secret)),
            ("limited", RateLimited(retryAfter: 7)),
            ("storage-down", StorageError(.unreachable, "cannot reach \(secret)")),
            ("storage-broken", StorageError(.query, "statement failed on \(secret)")),
            ("slug-taken", StorageError(.slugTaken(host: "go.daily.example.com", slug: "friday"), "taken")),
            ("http-error", HTTPError(.badRequest, message: "nope")),
            ("gone", PageProblem(.gone, title: "This puzzle is gone", message: "It was retired.", headers: [.allow: "GET, HEAD"])),
            ("unknown-host", UnknownHost(name: "evil.example")),
        ]
        for (name, error) in errors {
            for prefix in ["", "/v1", "/v10"] {
                router.get(RouterPath("\(prefix)/\(name)")) { _, _ -> Response in throw error }
            }
        }
        return router
    }

    static func headers(_ id: String) -> HTTPFields { [requestID: id] }

    @Test("an APIError under /v1 is its JSON answer", arguments: [
        (path: "/v1/missing", status: HTTPResponse.Status.notFound, code: "not_found", message: "No such thing."),
        (path: "/v1/limited", status: .tooManyRequests, code: "rate_limited", message: "Too many requests from this address; try again in 7 s."),
        (path: "/v1/storage-down", status: .serviceUnavailable, code: "unavailable",
         message: "The database cannot be reached right now; try again shortly."),
        (path: "/v1/slug-taken", status: .conflict, code: "slug_taken",
         message: "The slug 'friday' is already used on go.daily.example.com; choose another."),
        (path: "/v1/http-error", status: .badRequest, code: "invalid_body", message: "Bad Request"),
    ])
    func apiErrorsAreJSON(path: String, status: HTTPResponse.Status, code: String, message: String) async throws {
        try await UnitHarness.test(try Self.router()) { client in
            let response = try await client.send(path, .get, headers: Self.headers("api-1"))
            #expect(response.status == status)
            #expect(response["Content-Type"] == "application/json")
            #expect(response["Cache-Control"] == "no-store")
            #expect(response.apiError["code"] == code)
            #expect(response.apiError["message"] == message)
            #expect(response["X-Request-ID"] == "api-1")
        }
    }

    @Test("the API's 429 and 503 say when to come back")
    func apiRetryAfter() async throws {
        try await UnitHarness.test(try Self.router()) { client in
            let limited = try await client.send("/v1/limited", .get)
            let unavailable = try await client.send("/v1/storage-down", .get)
            #expect(limited["Retry-After"] == "7")
            #expect(unavailable["Retry-After"] == "5")
        }
    }

    @Test("an unexpected error under /v1 is a 500 without its text, logged with the request id", arguments: ["/v1/boom", "/v1/storage-broken"])
    func unexpectedAPIErrorIsLogged(path: String) async throws {
        let capture = LogCapture()
        try await UnitHarness.test(try Self.router(), logger: capture.logger()) { client in
            let response = try await client.send(path, .get, headers: Self.headers("api-500"))
            #expect(response.status == .internalServerError)
            #expect(response["Content-Type"] == "application/json")
            #expect(response.apiError["code"] == "internal_error")
            #expect(!response.text.contains(Self.secret))
            #expect(!response.headers.contains { $0.value.contains(Self.secret) })
        }
        let errors = capture.lines.filter { $0.level == .error }
        #expect(errors.count == 1, "\(capture.lines)")
        #expect(errors.first?["hb.request.id"] == "api-500")
        #expect(errors.first?["error"]?.contains(Self.secret) == true, "the log says what happened")
    }

    @Test("a PageProblem is its page, naming the request id, with its headers", arguments: ["/gone", "/v1/gone", "/v10/gone"])
    func pageProblemIsAPage(path: String) async throws {
        try await UnitHarness.test(try Self.router()) { client in
            let response = try await client.send(path, .get, headers: Self.headers("page-1"))
            #expect(response.status == .gone)
            #expect(response["Content-Type"] == "text/html; charset=utf-8")
            #expect(response["Cache-Control"] == "no-store")
            #expect(response["Allow"] == "GET, HEAD")
            #expect(response.text.contains("This puzzle is gone"))
            #expect(response.text.contains("It was retired."))
            #expect(response.text.contains("Request page-1"))
        }
    }

    @Test("an unexpected error on a page is a 500 page without its text, logged with the request id", arguments: ["/boom", "/v10/boom"])
    func unexpectedPageErrorIsLogged(path: String) async throws {
        let capture = LogCapture()
        try await UnitHarness.test(try Self.router(), logger: capture.logger()) { client in
            let response = try await client.send(path, .get, headers: Self.headers("page-500"))
            #expect(response.status == .internalServerError)
            #expect(response["Content-Type"] == "text/html; charset=utf-8")
            #expect(response.text.contains("Something went wrong"))
            #expect(response.text.contains("Request page-500"))
            #expect(!response.text.contains(Self.secret))
            #expect(!response.text.contains("UnexpectedFailure"))
        }
        let errors = capture.lines.filter { $0.level == .error }
        #expect(errors.map(\.message) == ["unexpected error"], "\(capture.lines)")
        #expect(errors.first?["hb.request.id"] == "page-500")
        #expect(errors.first?["error"]?.contains(Self.secret) == true)
    }

    @Test("a storage failure on a page is a 503 page, logged")
    func storageFailureOnAPage() async throws {
        let capture = LogCapture()
        try await UnitHarness.test(try Self.router(), logger: capture.logger()) { client in
            let response = try await client.send("/storage-down", .get, headers: Self.headers("page-503"))
            #expect(response.status == .serviceUnavailable)
            #expect(response.text.contains("Try again in a moment"))
            #expect(response.text.contains("Request page-503"))
            #expect(!response.text.contains(Self.secret))
        }
        let errors = capture.lines.filter { $0.level == .error }
        #expect(errors.map(\.message) == ["storage failure"], "\(capture.lines)")
        #expect(errors.first?["hb.request.id"] == "page-503")
    }

    @Test("too many requests on a page is a 429 page with Retry-After")
    func rateLimitedPage() async throws {
        try await UnitHarness.test(try Self.router()) { client in
            let response = try await client.send("/limited", .get, headers: Self.headers("page-429"))
            #expect(response.status == .tooManyRequests)
            #expect(response["Retry-After"] == "7")
            #expect(response.text.contains("Slow down a little"))
            #expect(response.text.contains("Request page-429"))
            #expect(response.headers[UnitHarness.routeLabel] == "rate_limited")
        }
    }

    @Test("an unknown host is the same plain 404 on every path, the API's included", arguments: ["/unknown-host", "/v1/unknown-host"])
    func unknownHostEverywhere(path: String) async throws {
        try await UnitHarness.test(try Self.router()) { client in
            let response = try await client.send(path, .get)
            #expect(response.status == .notFound)
            #expect(response["Content-Type"] == "text/plain; charset=utf-8")
            #expect(response.text == "This server does not serve evil.example.\n")
        }
    }

    @Test("Hummingbird's own HTTP errors on a page keep their status")
    func httpErrorOnAPage() async throws {
        try await UnitHarness.test(try Self.router()) { client in
            let response = try await client.send("/http-error", .get)
            #expect(response.status == .badRequest)
        }
    }
}
