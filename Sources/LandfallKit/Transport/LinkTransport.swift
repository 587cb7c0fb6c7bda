/// Sends one HTTP request to the Landfall server and returns its answer: the only place
/// where ``LinkClient`` touches the network.
///
/// ``URLSessionTransport`` is the one an app uses. Tests inject a scripted transport that
/// records requests and answers from a table, so every retry and every queue rule can be
/// checked without a server:
///
/// ```swift
/// struct CannedTransport: LinkTransport {
///     func send(_ request: LinkRequest) async throws -> LinkResponse {
///         LinkResponse(status: 200, body: Data(#"{"invitationsRequired": false, "updatedAt": null}"#.utf8))
///     }
/// }
/// ```
///
/// A transport answers every HTTP status with a ``LinkResponse``, errors included (the
/// client decides what a 404 or a 503 means). It throws only when no answer came: no
/// connection, a time-out, a cancelled task. The client retries those.
public protocol LinkTransport: Sendable {
    /// Sends the request and returns the server's answer, whatever its status.
    ///
    /// - Throws: Any error when no answer came back (the client retries it with backoff).
    func send(_ request: LinkRequest) async throws -> LinkResponse
}
