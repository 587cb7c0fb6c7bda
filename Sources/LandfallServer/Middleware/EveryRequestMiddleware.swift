import Hummingbird

/// What every request passes, in order: it gets its id (``RequestIDMiddleware``), is logged
/// and counted once it is answered (``AccessLogMiddleware``, ``MetricsMiddleware``), has its
/// client noted (``ClientMiddleware``), is answered without a body for HEAD
/// (``HeadMiddleware``), has every error turned into its answer (``ErrorMiddleware``), is
/// refused with 414 when its address is too long (``PathLengthMiddleware``), and is answered by
/// ``UnmatchedRequestMiddleware`` when no route takes it.
///
/// One concrete type that calls each in turn, rather than the stack handed to
/// `Router.addMiddleware`: the router keeps its middleware as `any MiddlewareProtocol`, and
/// Hummingbird's generic `_Middleware2` called through that existential runs unspecialised
/// (each hop looks up type metadata and copies the context through value witnesses), while a
/// stack built by a result builder inside a handler is rebuilt, its members copied, on every
/// request. Here the calls are specialised and the members stored once, in a class so that the
/// closures between them capture one reference; each middleware stays its own type, tested
/// alone. Those that only act before the request goes on (the client, the path's length) are
/// taken as their synchronous step, in line, rather than through their `handle`: each layer
/// of `handle` costs two async frames and a copy of the request and its context, on every
/// request. Measured with Benchmarks/ShortLinkRedirect.
final class EveryRequestMiddleware: RouterMiddleware, Sendable {
    typealias Context = LandfallRequestContext

    let requestID = RequestIDMiddleware()
    let accessLog = AccessLogMiddleware()
    let metrics: MetricsMiddleware
    let client: ClientMiddleware
    let head = HeadMiddleware()
    let errors: ErrorMiddleware
    let pathLength = PathLengthMiddleware()
    let unmatched: UnmatchedRequestMiddleware

    init(metrics: MetricsMiddleware, client: ClientMiddleware, errors: ErrorMiddleware, unmatched: UnmatchedRequestMiddleware) {
        self.metrics = metrics
        self.client = client
        self.errors = errors
        self.unmatched = unmatched
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await requestID.handle(request, context: context) { request, context in
            try await accessLog.handle(request, context: context) { request, context in
                try await metrics.handle(request, context: context) { request, context in
                    var context = context
                    client.note(request, in: &context)
                    return try await head.handle(request, context: context) { request, context in
                        try await errors.handle(request, context: context) { request, context in
                            try pathLength.check(request, context: context)
                            return try await unmatched.handle(request, context: context, next: next)
                        }
                    }
                }
            }
        }
    }
}
