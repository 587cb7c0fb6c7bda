import Foundation

/// An HTTP request ``LinkClient`` asks its ``LinkTransport`` to send: a plain value, so a
/// test can record and compare it.
///
/// The URL is complete: the client joins its base URL, the endpoint's path and the query
/// (`https://go.daily.example.com/v1/resolve?url=…&platform=ios`). A body is JSON, with
/// its `Content-Type` among the headers.
public struct LinkRequest: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP methods the API uses.
    public enum Method: String, Sendable, Hashable {
        /// `GET`: resolve a link, read the settings.
        case get = "GET"
        /// `POST`: claim a deferred link, report events, redeem an invitation.
        case post = "POST"
    }

    /// The method.
    public var method: Method
    /// The complete URL: the server's base URL, the endpoint's path and the query.
    public var url: URL
    /// Header fields by name (`Content-Type`, `Accept`).
    public var headers: [String: String]
    /// The JSON body of a `POST`, or nil.
    public var body: Data?

    /// Creates a request.
    public init(method: Method, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// `METHOD url`, e.g. `GET https://go.daily.example.com/v1/settings`.
    public var description: String { "\(method.rawValue) \(url.absoluteString)" }
}
