import Hummingbird
import LandfallStorage
import Logging

/// Turns every error thrown after it into its answer, in one place: under `/v1` a JSON error
/// (``APIError``), elsewhere a page that names the request id. Domain errors stay domain errors
/// until here: a storage failure becomes 409, 503 or 500 (logged), a ``RateLimited`` 429 with
/// `Retry-After`, a ``PageProblem`` its page; anything unexpected is logged with the request id
/// and answered 500 without a trace of it.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    /// The site whose `error` template renders problems that arrive before the host is resolved.
    let sites: SiteHolder

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return answer(error, request: request, context: context)
        }
    }

    /// The answer to `error`, thrown while answering `request`.
    func answer(_ error: any Error, request: Request, context: Context) -> Response {
        let site = context.served?.site ?? sites.current
        // What is wrong with the request before it reaches an area (an address too long, a bad
        // or unknown host) is answered alike everywhere, the API included.
        switch error {
        case let problem as PageProblem:
            return ErrorPage.response(problem, site: site, requestID: context.requestID)
        case let unknown as UnknownHost:
            return unknown.response
        default:
            break
        }
        if APIError.isAPIPath(request.uri.path) {
            return APIError(error, logger: context.logger).response
        }
        switch error {
        case let limited as RateLimited:
            context.label("rate_limited")
            return ErrorPage.response(.tooManyRequests(retryAfter: limited.retryAfter), site: site, requestID: context.requestID)
        case let error as any HTTPResponseError:
            return (try? error.response(from: request, context: context)) ?? Response(status: error.status)
        case let error as StorageError:
            context.logger.error("storage failure", metadata: ["error": "\(error)"])
            return ErrorPage.response(.unavailable, site: site, requestID: context.requestID)
        default:
            context.logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error))"])
            return ErrorPage.response(.internalError, site: site, requestID: context.requestID)
        }
    }
}
