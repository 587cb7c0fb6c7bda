import Hummingbird
import LandfallSite

extension LandfallResponder {
    /// The paths an association file is served at: iOS reads the first, iOS 9 the second,
    /// Android the third.
    static let associationPaths: [String: AssociationKind] = [
        "/.well-known/apple-app-site-association": .apple,
        "/apple-app-site-association": .apple,
        "/.well-known/assetlinks.json": .android,
    ]

    enum AssociationKind {
        case apple, android
    }

    /// The association file at exactly its path, from memory: 200 with an ETag and
    /// `Cache-Control` for GET and HEAD, 304 when the client has it, 204 for OPTIONS, 405 for
    /// other methods, 404 when the site has no app of that platform. Never a redirect.
    /// The link host serves its own pair, which claims every short link. `nil` for other paths.
    func associationResponse(_ request: Request, path: String, site: LoadedSite, role: HostRole) -> (Response, String)? {
        guard let kind = Self.associationPaths[path] else { return nil }
        let label = kind == .apple ? "/.well-known/apple-app-site-association" : "/.well-known/assetlinks.json"
        switch request.method {
        case .get, .head:
            break
        case .options:
            return (Response(status: .noContent, headers: [.allow: "GET, HEAD, OPTIONS"]), label)
        default:
            var response = Response.text(.methodNotAllowed, "The association file can only be read (GET or HEAD).\n")
            response.headers[.allow] = "GET, HEAD, OPTIONS"
            return (response, label)
        }
        let onLinkHost = role.served == .links
        let served = kind == .apple ? (onLinkHost ? site.linksAppleAssociation : site.appleAssociation)
                                    : (onLinkHost ? site.linksAssetLinks : site.assetLinks)
        guard let document = served else {
            let platform = kind == .apple ? "iOS" : "Android"
            return (Response.text(.notFound, "This site lists no \(platform) app, so it has no \(path.split(separator: "/").last ?? "").\n"), label)
        }
        let cacheControl = "public, max-age=\(site.configuration.associations.maxAge)"
        if let tags = request.headers[.ifNoneMatch], tags.split(separator: ",").contains(where: {
            let tag = $0.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == document.etag || tag == "W/" + document.etag
        }) {
            return (Response(status: .notModified, headers: [.eTag: document.etag, .cacheControl: cacheControl]), label)
        }
        let response = Response(
            status: .ok,
            headers: [.contentType: "application/json", .eTag: document.etag, .cacheControl: cacheControl,
                      .contentLength: String(document.body.readableBytes)],
            body: ResponseBody(byteBuffer: document.body))
        return (response, label)
    }
}
