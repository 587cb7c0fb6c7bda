import HTTPTypes
import Hummingbird
import LandfallSite
import LandfallStorage
import Logging
import NIOCore

/// The per-request context of the link server: what the middleware learned about a request,
/// for the handlers after it.
///
/// `RequestIDMiddleware` makes sure `logger` carries the request id (the only logger on the
/// request path, so every line of a request carries it; ``requestID`` reads it there);
/// `ClientMiddleware` notes who sent it; `HostMiddleware` sets the site version, the host
/// and its role (`served`); `APIKeyMiddleware` sets the verified key (`apiKey`). A
/// handler reads them through `site`, `host` and `client`, which throw
/// `ServerFault/contextMissing(_:)` if a route was registered without the middleware that
/// provides them (a programming error, answered with 500 and logged).
public struct LandfallRequestContext: RequestContext {
    /// Hummingbird's storage (logger, parameters, endpoint path).
    public var coreContext: CoreRequestContextStorage
    /// The address of the peer, when the request came over a socket.
    public var remoteAddress: SocketAddress?
    /// The site, host and role the request was resolved to, once `HostMiddleware` ran.
    var served: ServedHost?
    /// The client, once `ClientMiddleware` ran.
    var servedClient: RequestClient?
    /// The API key the request authenticated with, on routes that need one. Kept in a box: the
    /// context is copied at every middleware, and most requests have no key.
    private var verifiedKey: VerifiedKey?

    /// The API key the request authenticated with, on routes that need one.
    var apiKey: APIKeyRecord? {
        get { verifiedKey?.record }
        set { verifiedKey = newValue.map(VerifiedKey.init) }
    }

    /// Creates the context for a request.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    /// The request's id: the client's `X-Request-ID` when sane, otherwise the one Hummingbird gave
    /// the request (`RequestIDMiddleware`), read from the logger's metadata, where every log
    /// line gets it; empty if there is none.
    public var requestID: String {
        logger[metadataKey: RequestIDMiddleware.metadataKey]?.description ?? ""
    }

    /// The label the request is counted under in `/metrics` and named by in the access log: the
    /// router's template (`/v1/links/{id}`), a page's route (`/puzzle/:date`) or a reason
    /// (`not_found`, `unknown_host`), never a raw URL, so the number of series stays bounded.
    var routeLabel: String? { coreContext.endpointPath.value }

    /// Sets ``routeLabel``. Hummingbird keeps the endpoint path in a reference shared by every
    /// copy of the context, so a handler that learns its route late (a page, routed through the
    /// site's own route table) can set it for the middleware that records it.
    func label(_ route: String) {
        coreContext.endpointPath.value = route
    }

    /// The site version this request is served with.
    var site: LoadedSite {
        get throws(ServerFault) {
            guard let served else { throw .contextMissing("site") }
            return served.site
        }
    }

    /// The host the request named, with its role.
    var host: ServedHost {
        get throws(ServerFault) {
            guard let served else { throw .contextMissing("host") }
            return served
        }
    }

    /// Who sent the request.
    var client: RequestClient {
        get throws(ServerFault) {
            guard let servedClient else { throw .contextMissing("client") }
            return servedClient
        }
    }
}

/// What `HostMiddleware` resolved: the site version, the host named by the request and its
/// role, and what a proxy said about the scheme. A class, so that the context, copied at every
/// middleware, carries one reference rather than its fields.
final class ServedHost: Sendable {
    /// The site, as loaded when the request arrived (a reload does not change it mid-request).
    let site: LoadedSite
    /// The host the request named.
    let name: RequestHost
    /// What that host is to the site.
    let role: HostRole
    /// The `X-Forwarded-Proto` a proxy sent, if any.
    let forwardedProto: String?
    /// The scheme of the server's own connection: `https` when landfall holds the certificate
    /// (`landfall serve --tls-certificate`), else `http`. Development names keep it in links.
    let connectionScheme: String

    init(site: LoadedSite, name: RequestHost, role: HostRole, forwardedProto: String?, connectionScheme: String = "http") {
        self.site = site
        self.name = name
        self.role = role
        self.forwardedProto = forwardedProto
        self.connectionScheme = connectionScheme
    }

    /// The link host the request named (or a development name stands for), when it is one.
    var linkHost: LinkHost? {
        guard role.served == .links else { return nil }
        // The name is lowercased already: no copy on the redirect's path.
        let hosts = site.configuration.hosts
        let served = hosts.local[name.name] ?? name.name
        return hosts.linkHosts.first { $0.name == served }
    }

    /// The origins links on a page point to (made when asked: only pages need them).
    var origins: Origins {
        Origins(canonical: site.canonicalOrigins, localHosts: role.isLocal ? site.configuration.hosts : nil, host: name,
                forwardedProto: forwardedProto, connectionScheme: connectionScheme)
    }
}

/// A programming error of the server's own making: a route needs something no middleware
/// before it provided. Answered with 500 and logged with the request id.
enum ServerFault: Error, CustomStringConvertible {
    case contextMissing(String)

    var description: String {
        switch self {
        case .contextMissing(let what): "the request context has no \(what): a route was registered without its middleware"
        }
    }
}

/// A verified API key, boxed so that the request context carries one reference for it.
final class VerifiedKey: Sendable {
    let record: APIKeyRecord

    init(_ record: APIKeyRecord) {
        self.record = record
    }
}
