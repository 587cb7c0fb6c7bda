/// What a ``StandInServer`` does with a request.
///
/// ```swift
/// let server = try await StandInServer.start(identity: identity) { request in
///     request.path == "/.well-known/apple-app-site-association"
///         ? .json(#"{"applinks":{"details":[]}}"#)
///         : .respond(status: 404)
/// }
/// ```
public enum StandInReply: Sendable {
    /// Answer with this status, headers and body. The server adds `Content-Length` (the body's
    /// exact size) unless `headers` set `Content-Length` or `Transfer-Encoding` themselves.
    case respond(status: Int, headers: [(String, String)] = [], body: [UInt8] = [])
    /// Read the request and never answer: the connection stays open until the server stops,
    /// so the client's response timeout is what ends the request.
    case neverAnswer

    /// A JSON body with its `Content-Type` (give another `contentType`, such as `text/html`,
    /// to serve JSON the way a misconfigured server does).
    public static func json(_ text: String, status: Int = 200, contentType: String = "application/json") -> StandInReply {
        .respond(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    /// A redirect to `location` (301 by default) with an empty body.
    public static func redirect(to location: String, status: Int = 301) -> StandInReply {
        .respond(status: status, headers: [("Location", location)])
    }
}
