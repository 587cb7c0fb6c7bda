import HTTPTypes
import Hummingbird

/// A router that remembers the paths of the routes added to it: the router the route
/// collections are given in ``buildRouter(_:)``, so that ``PageShortcut`` knows which paths the
/// router's own routes take. Hummingbird keeps its routes in a trie it does not show.
///
/// Everything is handed on to the router unchanged, its middleware included; groups made from
/// this router add their routes through it, with their whole paths.
final class RecordingRouter: RouterMethods {
    typealias Context = LandfallRequestContext

    /// The router the routes are added to.
    let router: Router<Context>
    /// The path of every route added, in order (one per method).
    private(set) var paths: [RouterPath] = []
    /// The router's own middleware, in the order added (each route added takes what was added
    /// before it).
    private(set) var middleware: [any MiddlewareProtocol<Request, Response, Context>] = []

    init(_ router: Router<Context>) {
        self.router = router
    }

    @discardableResult func on<Responder: HTTPResponder>(_ path: RouterPath, method: HTTPRequest.Method,
                                                          responder: Responder) -> Self where Responder.Context == Context {
        paths.append(path)
        router.on(path, method: method, responder: responder)
        return self
    }

    @discardableResult func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        self.middleware.append(middleware)
        router.add(middleware: middleware)
        return self
    }
}
