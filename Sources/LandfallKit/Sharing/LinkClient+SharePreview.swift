import Foundation

extension LinkClient {
    /// What a share sheet shows for `url`, a page of the site or a short link to one: the
    /// page's title and share card (``SharePreview``).
    ///
    /// A short link (a URL on one of ``LinkClientConfiguration/linkHosts``) is first
    /// resolved without counting a click; then the page's JSON view is read.
    ///
    /// ```swift
    /// let preview = try await client.sharePreview(for: URL(string: "https://go.daily.example.com/friday")!)
    /// ```
    ///
    /// - Throws: ``LinkClientError`` as ``resolve(_:opened:)`` throws it, and
    ///   `.invalidResponse` when the page does not answer with its JSON view.
    public func sharePreview(for url: URL) async throws(LinkClientError) -> SharePreview {
        var page = url
        if let host = url.host?.lowercased(), configuration.linkHosts.contains(where: { $0.lowercased() == host }) {
            let link = try await resolve(url, opened: false)
            guard let deepLink = link.deepLinkURL else {
                throw .invalidResponse("the short link \(url.absoluteString) leads to '\(link.deepLink)', which is not a URL")
            }
            page = deepLink
        }
        let request = LinkRequest(method: .get, url: page, headers: ["Accept": "application/json"])
        let response = try await send(request)
        do {
            return try SharePreview(sharing: url, pageJSON: response.body)
        } catch {
            let text = String(decoding: response.body.prefix(200), as: UTF8.self)
            throw .invalidResponse("GET \(page.path) answered \(response.status) with '\(text)', not a page's JSON view: \(error)")
        }
    }
}
