import HTTPTypes
import Hummingbird

/// Collects the API's operations, each in the route collection of its scope, and records them
/// in the ``APITable``: one call per operation, so the route table exists once.
///
/// ```swift
/// var api = APIRoutes(publicMiddleware: rateLimit, read: readKeys, write: writeKeys, webhooks: webhookKeys)
/// api.add(.post, "/v1/links", .write, links.create)
/// api.register(on: router.group().add(middleware: hosts))
/// ```
///
/// Public operations pass the rate limit; the others need an API key of their scope
/// (``APIKeyMiddleware``). HEAD is answered wherever GET is (the router's HEAD endpoints).
struct APIRoutes {
    typealias Context = LandfallRequestContext
    typealias Handler = @Sendable (Request, Context) async throws -> Response

    private let collections: [(APIScope, RouteCollection<Context>)]
    private(set) var table = APITable()

    /// - Parameters:
    ///   - publicMiddleware: What public operations pass (the rate limit).
    ///   - read: What operations needing a `read` key pass.
    ///   - write: What operations needing a `write` key pass.
    ///   - webhooks: What operations needing a `webhooks` key pass.
    init(publicMiddleware: some RouterMiddleware<Context>, read: some RouterMiddleware<Context>, write: some RouterMiddleware<Context>,
         webhooks: some RouterMiddleware<Context>) {
        collections = [
            (.public, RouteCollection(context: Context.self).add(middleware: publicMiddleware)),
            (.read, RouteCollection(context: Context.self).add(middleware: read)),
            (.write, RouteCollection(context: Context.self).add(middleware: write)),
            (.webhooks, RouteCollection(context: Context.self).add(middleware: webhooks)),
        ]
    }

    /// Adds `handler` for `method` on `path` (a template such as `/v1/links/{id}`), behind the
    /// middleware of `scope`.
    mutating func add(_ method: HTTPRequest.Method, _ path: String, _ scope: APIScope, _ handler: @escaping Handler) {
        collections.first { $0.0 == scope }?.1.on(RouterPath(path), method: method, use: handler)
        table.append(APIOperation(method: method, path: path, scope: scope))
    }

    /// Adds every operation to `parent` (which brings the middleware every API request passes).
    func register(on parent: some RouterMethods<Context>) {
        for (_, collection) in collections {
            parent.addRoutes(collection)
        }
    }
}
