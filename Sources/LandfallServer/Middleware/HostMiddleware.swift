import HTTPTypes
import Hummingbird
import LandfallSite

/// Resolves the host a request names to the site's role for it, and puts the site version,
/// the host and its role in the context (``LandfallRequestContext/served``).
///
/// A missing or malformed `Host` gets 400, and so does a second `Host` naming another host
/// (RFC 9112, 3.2: a proxy reading that one would file this answer under it); a host the site
/// does not list gets 404, never another host's answer.
struct HostMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    /// The site being served (swapped whole on reload).
    let sites: SiteHolder

    static let hostField = HTTPField.Name("Host")!
    static let forwardedProtoField = HTTPField.Name("X-Forwarded-Proto")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        try resolve(request, in: &context)
        return try await next(request, context)
    }

    /// Puts the host `request` names, with the current site, in `context`: the step
    /// ``handle(_:context:next:)`` takes before going on, which ``PageStack`` takes in line.
    func resolve(_ request: Request, in context: inout Context) throws {
        context.served = try Self.resolve(request, site: sites.current, context: context)
    }

    /// The site's host for `request`, or the problem with its `Host`.
    ///
    /// - Throws: ``PageProblem`` 400 (`bad_host`), ``UnknownHost`` (`unknown_host`).
    static func resolve(_ request: Request, site: LoadedSite, context: Context) throws -> ServedHost {
        // HTTP/1 puts the first Host line in the authority.
        guard let host = RequestHost(request.head.authority),
              request.headers.allSatisfy({ $0.name != hostField || RequestHost($0.value) == host }) else {
            context.label("bad_host")
            throw PageProblem(.badRequest, title: "Bad request", message: "The request's Host header is missing or malformed.")
        }
        guard let role = site.configuration.hosts.role(of: host.name) else {
            context.label("unknown_host")
            throw UnknownHost(name: host.name)
        }
        return ServedHost(site: site, name: host, role: role, forwardedProto: request.headers[forwardedProtoField],
                          connectionScheme: request.head.scheme == "https" ? "https" : "http")
    }
}

/// A request for a host the site does not list: 404 in plain text, the same on every path.
struct UnknownHost: HTTPResponseError {
    let name: String

    var status: HTTPResponse.Status { .notFound }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        response
    }

    var response: Response {
        Response.text(.notFound, "This server does not serve \(name).\n")
    }
}
