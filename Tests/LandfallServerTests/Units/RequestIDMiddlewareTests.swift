import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import LandfallServer

/// ``RequestIDMiddleware``: every request gets an id, the client's when sane, and it is the
/// same in the response's `X-Request-ID`, in `context.requestID` and in `context.logger`.
@Suite struct RequestIDMiddlewareTests {
    static let requestID = HTTPField.Name("X-Request-ID")!
    static let contextID = HTTPField.Name("X-Test-Context-ID")!
    static let loggerID = HTTPField.Name("X-Test-Logger-ID")!
    static let otherID = HTTPField.Name("X-Test-Other-ID")!

    /// The middleware and a route answering with what the context holds, logging one line.
    static func router() -> Router<LandfallRequestContext> {
        let router = UnitHarness.router()
        router.add(middleware: RequestIDMiddleware())
        router.get("/echo") { _, context in
            context.logger.info("in the handler")
            return Response(status: .ok, headers: [
                contextID: context.requestID,
                loggerID: context.logger[metadataKey: "hb.request.id"].map { "\($0)" } ?? "none",
                otherID: context.logger[metadataKey: "request_id"].map { "\($0)" } ?? "none",
            ])
        }
        return router
    }

    /// Whether `id` is one the server made (Hummingbird's): 17 to 32 lowercase hex digits, a
    /// random part drawn once per process and a counter of 16.
    static func isMade(_ id: String?) -> Bool {
        guard let id else { return false }
        return (17...32).contains(id.utf8.count) && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    @Test("a sane X-Request-ID is kept: in the response, the context and the logger", arguments: [
        "abc", "proxy-3f1c1b2e.17", "A_b-C.d", String(repeating: "z", count: 128),
    ])
    func saneIDIsKept(id: String) async throws {
        try await UnitHarness.test(Self.router()) { client in
            let response = try await client.send("/echo", .get, headers: [Self.requestID: id])
            #expect(response.status == .ok)
            #expect(response.headers[Self.requestID] == id)
            #expect(response.headers[Self.contextID] == id)
            #expect(response.headers[Self.loggerID] == id)
        }
    }

    @Test("an insane X-Request-ID is replaced, the same new id everywhere", arguments: [
        "", "two words", "a/b", "id;drop", String(repeating: "z", count: 129),
    ])
    func insaneIDIsReplaced(id: String) async throws {
        try await UnitHarness.test(Self.router()) { client in
            let response = try await client.send("/echo", .get, headers: [Self.requestID: id])
            let made = response.headers[Self.requestID]
            #expect(made != id)
            #expect(Self.isMade(made), "\(made ?? "none")")
            #expect(response.headers[Self.contextID] == made)
            #expect(response.headers[Self.loggerID] == made)
        }
    }

    @Test("without an X-Request-ID each request gets a new id of its own")
    func missingIDIsMade() async throws {
        try await UnitHarness.test(Self.router()) { client in
            let first = try await client.send("/echo", .get)
            let second = try await client.send("/echo", .get)
            #expect(Self.isMade(first.headers[Self.requestID]))
            #expect(Self.isMade(second.headers[Self.requestID]))
            #expect(first.headers[Self.requestID] != second.headers[Self.requestID])
            #expect(first.headers[Self.contextID] == first.headers[Self.requestID])
            #expect(first.headers[Self.loggerID] == first.headers[Self.requestID])
        }
    }

    @Test("the logger carries only the request's id, under Hummingbird's key")
    func loggerHasOneID() async throws {
        let capture = LogCapture()
        try await UnitHarness.test(Self.router(), logger: capture.logger()) { client in
            let response = try await client.send("/echo", .get, headers: [Self.requestID: "one-id"])
            #expect(response.headers[Self.otherID] == "none")
        }
        let line = try #require(capture.lines.first { $0.message == "in the handler" })
        #expect(line["hb.request.id"] == "one-id")
        #expect(line["request_id"] == nil)
    }
}
