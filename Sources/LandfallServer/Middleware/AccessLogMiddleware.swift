import Hummingbird
import Logging

/// Logs every request once, after it is answered, with `context.logger` (so with its request
/// id): method, host, path (at most 256 characters), status, route label and duration.
///
/// Machines fetch the association files, the share cards (preview crawlers, for every link
/// shared) and the operations endpoints, often: their requests are logged at `debug` (they are
/// counted in `/metrics` either way); every other at `info`.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    /// The route labels of endpoints machines fetch: logged at debug.
    static let machineRoutes: Set<String> = [
        AssociationRoutes.appleLabel, AssociationRoutes.androidLabel, CardRoutes.label, "/health", "/ready", "/metrics",
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let response = try await next(request, context)
        record(request, response: response, context: context, started: started)
        return response
    }

    /// Logs `request`, answered with `response`, begun at `started`: the step
    /// ``handle(_:context:next:)`` takes once answered, which ``EveryRequestMiddleware`` takes
    /// in line.
    func record(_ request: Request, response: Response, context: Context, started: ContinuousClock.Instant) {
        // At `warning` and above nothing is logged: the label is not even read.
        let logLevel = context.logger.logLevel
        guard logLevel <= .info else { return }
        let route = context.routeLabel ?? "unmatched"
        let level: Logger.Level = Self.machineRoutes.contains(route) ? .debug : .info
        if logLevel <= level {
            let duration = ContinuousClock.now - started
            context.logger.log(level: level, "request", metadata: [
                "method": "\(request.method.rawValue)", "host": "\(request.head.authority ?? "-")",
                "path": "\(request.uri.path.prefix(256))", "status": "\(response.status.code)", "route": "\(route)",
                "duration_us": "\(duration.nanoseconds / 1000)",
            ])
        }
    }
}
