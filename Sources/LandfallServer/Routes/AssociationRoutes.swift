import Foundation
import Hummingbird
import LandfallSite

/// The association files, on every host the site lists, exactly at their paths: iOS reads
/// `/.well-known/apple-app-site-association` (iOS 9 `/apple-app-site-association`), Android
/// `/.well-known/assetlinks.json`. Served from memory with an `ETag` and `Cache-Control` for
/// GET and HEAD, 304 when the client has it, 204 for OPTIONS; never redirected. The link host
/// serves its own pair, which claims every short link.
struct AssociationRoutes: Sendable {
    typealias Context = LandfallRequestContext

    /// The route label of both Apple paths, in `/metrics` and the access log.
    static let appleLabel = "/.well-known/apple-app-site-association"
    /// The route label of `assetlinks.json`.
    static let androidLabel = "/.well-known/assetlinks.json"

    enum Kind: Sendable {
        case apple, android
    }

    /// The paths, each with its kind.
    static let paths: [String: Kind] = [
        appleLabel: .apple,
        "/apple-app-site-association": .apple,
        androidLabel: .android,
    ]

    /// What `Allow` lists at an association path.
    static let allowed = "GET, HEAD, OPTIONS"

    /// Whether `path` is near an association path (a trailing slash, another file under
    /// `/.well-known/`): never redirected, since a 3xx there reads as "the file redirects".
    static func isNear(_ path: String) -> Bool {
        path.hasPrefix("/.well-known/") || path.hasPrefix("/apple-app-site-association")
    }

    func addRoutes(to routes: some RouterMethods<Context>) {
        for (path, kind) in Self.paths {
            routes.get(RouterPath(path)) { request, context in try Self.file(kind, request: request, context: context) }
            routes.on(RouterPath(path), method: .options) { _, context in
                context.label(Self.label(kind))
                return Response(status: .noContent, headers: [.allow: Self.allowed])
            }
        }
    }

    static func label(_ kind: Kind) -> String {
        kind == .apple ? appleLabel : androidLabel
    }

    /// The file of `kind` for the request's host: 200, 304 for a matching `If-None-Match`, 404
    /// when the site has no app of that platform. A path the router only matched loosely (a
    /// trailing slash) gets the not-found page: only the exact paths are the file.
    static func file(_ kind: Kind, request: Request, context: Context) throws -> Response {
        let host = try context.host
        let path = request.uri.path
        if host.role.served == .admin {
            // No association file covers the dashboard: apps never open its addresses.
            context.label("not_found")
            return Response.text(.notFound, "The dashboard's host has no association file: no app opens its addresses.\n")
        }
        guard paths[path] != nil else {
            context.label("not_found")
            return StatusPages.notFound(site: host.site, origins: host.origins)
        }
        context.label(label(kind))
        let site = host.site
        guard let document = site.association(kind, on: host.role) else {
            let platform = kind == .apple ? "iOS" : "Android"
            return Response.text(.notFound, "This site lists no \(platform) app, so it has no \(path.split(separator: "/").last ?? "").\n")
        }
        let cacheControl = "public, max-age=\(site.configuration.associations.maxAge)"
        if let tags = request.headers[.ifNoneMatch], tags.split(separator: ",").contains(where: {
            let tag = $0.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == document.etag || tag == "W/" + document.etag
        }) {
            return Response(status: .notModified, headers: [.eTag: document.etag, .cacheControl: cacheControl])
        }
        return Response(
            status: .ok,
            headers: [.contentType: "application/json", .eTag: document.etag, .cacheControl: cacheControl,
                      .contentLength: String(document.body.readableBytes)],
            body: ResponseBody(byteBuffer: document.body))
    }
}
