import Hummingbird
@testable import LandfallServer

/// Puts a request's `Host` header into its authority, as Hummingbird's HTTP/1 server does,
/// before the server's responder answers it.
///
/// HummingbirdTesting's in-process client (`app.test(.router)`) gives every request the
/// authority `localhost` and leaves a `Host` header among the other fields, where the
/// server never looks; with this in front, a test names the host a request is for the way a
/// browser does. No `Host` header gives no authority, as on the wire.
struct AuthorityFromHostHeader: HTTPResponder {
    typealias Context = LandfallRequestContext

    let base: LandfallResponder

    func respond(to request: Request, context: Context) async throws -> Response {
        var head = request.head
        let host = head.headerFields[.init("Host")!]
        head.authority = host
        head.headerFields[.init("Host")!] = nil
        return try await base.respond(to: Request(head: head, body: request.body), context: context)
    }
}
