import Hummingbird

/// What every request passes, in order: it gets its id (``RequestIDMiddleware``), is logged
/// and counted once it is answered (``AccessLogMiddleware``, ``MetricsMiddleware``), has its
/// client noted (``ClientMiddleware``), is answered without a body for HEAD
/// (``HeadMiddleware``), has every error turned into its answer (``ErrorMiddleware``), is
/// refused with 414 when its address is too long (``PathLengthMiddleware``), and is answered by
/// ``UnmatchedRequestMiddleware`` when no route takes it.
///
/// One concrete type that takes each in turn, rather than the stack handed to
/// `Router.addMiddleware`: the router keeps its middleware as `any MiddlewareProtocol`, and
/// Hummingbird's generic `_Middleware2` called through that existential runs unspecialised
/// (each hop looks up type metadata and copies the context through value witnesses), while a
/// stack built by a result builder inside a handler is rebuilt, its members copied, on every
/// request. Each middleware stays its own type, tested alone, whose `handle` is made of
/// synchronous steps: what it does before the request goes on (``RequestIDMiddleware/identify(_:in:)``,
/// ``ClientMiddleware/note(_:in:)``, ``PathLengthMiddleware/check(_:context:)``) and once it
/// is answered (``UnmatchedRequestMiddleware/isUnmatched(_:context:)`` for the router's "no
/// route", ``ErrorMiddleware/answer(_:request:context:)`` for what was thrown,
/// ``HeadMiddleware/adapt(_:to:)``, ``MetricsMiddleware/record(_:response:context:started:)``,
/// ``AccessLogMiddleware/record(_:response:context:started:)``, ``RequestIDMiddleware/mark(_:id:)``).
/// Here those steps are taken in line, in the order the layers would take them, around the one
/// await: each layer of `handle` would cost two async frames and a copy of the request and
/// its context, on every request. The members are stored once, in a class. Measured with
/// Benchmarks/ShortLinkRedirect.
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
        var context = context
        let id = requestID.identify(request, in: &context)
        let started = ContinuousClock.now
        client.note(request, in: &context)
        var response: Response
        do {
            try pathLength.check(request, context: context)
            do {
                response = try await next(request, context)
            } catch where UnmatchedRequestMiddleware.isUnmatched(error, context: context) {
                response = try await unmatched.unmatched(request, context: context)
            }
        } catch {
            response = errors.answer(error, request: request, context: context)
        }
        head.adapt(&response, to: request)
        metrics.record(request, response: response, context: context, started: started)
        accessLog.record(request, response: response, context: context, started: started)
        RequestIDMiddleware.mark(&response, id: id)
        return response
    }
}
