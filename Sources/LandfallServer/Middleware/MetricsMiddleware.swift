import Hummingbird

/// Counts every request and records its duration in ``ServerMetrics``, labelled by its route
/// label (``LandfallRequestContext/routeLabel``), its method and its status: the series stay
/// bounded however many addresses are asked for.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let response = try await next(request, context)
        record(request, response: response, context: context, started: started)
        return response
    }

    /// Counts `request`, answered with `response`, begun at `started`: the step
    /// ``handle(_:context:next:)`` takes once answered, which ``EveryRequestMiddleware`` takes
    /// in line.
    func record(_ request: Request, response: Response, context: Context, started: ContinuousClock.Instant) {
        metrics.recordRequest(route: context.routeLabel ?? "unmatched", method: request.method, status: response.status.code,
                              duration: ContinuousClock.now - started)
    }
}
