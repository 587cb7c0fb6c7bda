import Foundation
import LandfallWire

extension LinkClient {
    /// What a short link (or a Firebase Dynamic Links long link) on a link host stands for
    /// (`GET /v1/resolve`).
    ///
    /// ```swift
    /// let link = try await client.resolve(URL(string: "https://go.daily.example.com/xmas")!)
    /// link.deepLink   // "https://daily.example.com/puzzle/2026-12-24"
    /// link.id         // "019b4f2e-…": the short link, for the `open` event
    /// ```
    ///
    /// With `opened` (the default: the app was opened with `url`), the server counts the
    /// resolution as a click on the link, and a link whose `maxClicks` are used up is refused
    /// (410); `opened: false` only looks the link up.
    ///
    /// - Throws: ``LinkClientError/refused(_:)`` with status 404 for an unknown link, 410 for
    ///   an expired or disabled one, 400 for a URL that is not a link of the server; the
    ///   temporary errors after the retries.
    public func resolve(_ url: URL, opened: Bool = true) async throws(LinkClientError) -> ResolvedLink {
        let request = try request(.get, "/v1/resolve", query: [("url", url.absoluteString),
                                                              ("platform", configuration.platform.rawValue),
                                                              ("opened", opened ? "true" : "false")])
        let response = try await send(request)
        return try decode(ResolvedLink.self, from: response, of: request)
    }
}
