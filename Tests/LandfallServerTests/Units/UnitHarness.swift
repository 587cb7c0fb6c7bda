import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
@testable import LandfallServer

/// What the unit tests of the middleware share: the demo site in a ``SiteHolder``, a router
/// with only the middleware under test, and a way to call it in process with the `Host`
/// header handled as Hummingbird's HTTP/1 server handles it.
enum UnitHarness {
    typealias Context = LandfallRequestContext

    /// The demo site, loaded as the server loads it, in a holder (for ``HostMiddleware`` and
    /// ``ErrorMiddleware``).
    static func demoSites() throws -> SiteHolder {
        let site = try SiteLoader.load(.demo, now: Demo.noon)
        return SiteHolder(site, source: .demo, metrics: ServerMetrics(), clock: { Demo.noon })
    }

    /// A router with HEAD answered by GET routes, as the server's.
    static func router() -> Router<Context> {
        Router(context: Context.self, options: .autoGenerateHeadEndpoints)
    }

    /// Calls `router` in process with HummingbirdTesting, logging with `logger` when given.
    ///
    /// - Parameter wireHost: Whether the first `Host` header becomes the request's authority
    ///   and leaves the fields (no `Host` gives no authority), as on an HTTP/1 connection;
    ///   otherwise every request has HummingbirdTesting's authority, `localhost`.
    static func test(_ router: Router<Context>, wireHost: Bool = false, logger: Logger? = nil,
                     _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        if wireHost {
            let application = Application(responder: HostOnTheWire(base: router.buildResponder()), logger: logger)
            try await application.test(.router, body)
        } else {
            let application = Application(router: router, logger: logger)
            try await application.test(.router, body)
        }
    }

    /// `Host` as a header name.
    static let host = HTTPField.Name("Host")!
    /// The header the label spy answers with.
    static let routeLabel = HTTPField.Name("X-Test-Route-Label")!

    /// Headers holding one `Host` per element of `hosts`, in order.
    static func hosts(_ hosts: String...) -> HTTPFields {
        HTTPFields(hosts.map { HTTPField(name: host, value: $0) })
    }
}

/// Puts the first `Host` header into the request's authority and removes it from the fields,
/// leaving any other `Host` header, as NIO's HTTP/1 conversion does on a connection.
struct HostOnTheWire<Base: HTTPResponder>: HTTPResponder where Base.Context == LandfallRequestContext {
    typealias Context = LandfallRequestContext

    let base: Base

    func respond(to request: Request, context: Context) async throws -> Response {
        var head = request.head
        if let first = head.headerFields.firstIndex(where: { $0.name == UnitHarness.host }) {
            head.authority = head.headerFields[first].value
            head.headerFields.remove(at: first)
        } else {
            head.authority = nil
        }
        return try await base.respond(to: Request(head: head, body: request.body), context: context)
    }
}

/// Answers with the request's route label (``LandfallRequestContext/routeLabel``) in
/// `X-Test-Route-Label`, read once everything after it has answered: put it first.
struct RouteLabelSpy: RouterMiddleware {
    typealias Context = LandfallRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[UnitHarness.routeLabel] = context.routeLabel ?? "none"
        return response
    }
}

/// A failure no part of the server knows, whose text must never reach a client.
struct UnexpectedFailure: Error, CustomStringConvertible {
    let secret: String
    var description: String { "unexpected failure holding \(secret)" }
}

extension TestResponse {
    /// The body as UTF-8 text.
    var text: String { String(buffer: body) }

    /// The value of the header `name`, if there is one.
    subscript(_ name: String) -> String? { headers[HTTPField.Name(name)!] }
}

extension TestResponse {
    /// The `error` object of an API error body: its `code`, `message` and `field`.
    var apiError: [String: String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any],
              let error = object["error"] as? [String: Any] else { return [:] }
        return error.compactMapValues { $0 as? String }
    }
}

extension TestClientProtocol {
    /// Sends a request without a body.
    func send(_ uri: String, _ method: HTTPRequest.Method = .get, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await executeRequest(uri: uri, method: method, headers: headers, body: nil)
    }
}
