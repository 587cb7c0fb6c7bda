import Hummingbird
import LandfallSite

/// `GET /static/…` on the site host: a file of the site's `static/` folder (``StaticFiles``),
/// with its content type, a strong ETag (304 for `If-None-Match`), an hour of public caching,
/// and `nosniff`; an SVG also gets a sandboxing `Content-Security-Policy`, so that a script in
/// one cannot run on the site's origin. A path no file has is the site's not-found page.
enum StaticFileResponse {
    /// How long browsers and CDNs may keep a file: an hour (a file's address does not change
    /// when it does, so not longer).
    static let cacheControl = "public, max-age=3600"

    static func respond(_ request: Request, path: String, site: LoadedSite, origins: Origins) -> Response {
        let name = String(path.dropFirst(Site.staticPathPrefix.count))
        guard let file = site.staticFiles.file(at: name) else {
            return StatusPages.notFound(site: site, origins: origins)
        }
        var headers: HTTPFields = [
            .eTag: file.etag,
            .cacheControl: cacheControl,
            .init("X-Content-Type-Options")!: "nosniff",
        ]
        if file.contentType.hasPrefix("image/svg") {
            headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
        }
        if let match = request.headers[.ifNoneMatch], Self.matches(match, etag: file.etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = file.contentType
        headers[.contentLength] = String(file.bytes.readableBytes)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: file.bytes))
    }

    /// Whether an `If-None-Match` value names `etag` (or is `*`); weak tags compare by their opaque part.
    static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}
