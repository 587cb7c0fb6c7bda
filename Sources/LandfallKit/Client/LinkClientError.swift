/// Why a ``LinkClient`` request failed, after the retries the ``RetryPolicy`` allows.
///
/// ```swift
/// do {
///     let link = try await client.resolve(url)
/// } catch .refused(let problem) where problem.status == 404 {
///     // no such short link: show the home screen
/// } catch {
///     print(error)   // "the server could not be reached: …"
/// }
/// ```
public enum LinkClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No answer came back on any attempt (no connection, a time-out); the text is the
    /// transport's last error. Worth trying again later.
    case unreachable(String)
    /// The server refused the request with a `4xx` other than a retried `429`; asking again
    /// would get the same answer.
    case refused(ServerProblem)
    /// The server answered `429` on every attempt, or asked for a longer wait than the
    /// policy's ``RetryPolicy/maxRetryAfter`` (``ServerProblem/retryAfter`` says how long).
    case rateLimited(ServerProblem)
    /// The server failed (`5xx`) on every attempt. Worth trying again later.
    case serverFailed(ServerProblem)
    /// The server answered 2xx with a body that is not what the API documents.
    case invalidResponse(String)
    /// The request could not be built, e.g. from a base URL that is not a URL.
    case invalidRequest(String)
    /// The task was cancelled before an answer came.
    case cancelled

    /// The server's error answer, when there was one.
    public var problem: ServerProblem? {
        switch self {
        case .refused(let problem), .rateLimited(let problem), .serverFailed(let problem): problem
        case .unreachable, .invalidResponse, .invalidRequest, .cancelled: nil
        }
    }

    /// Whether the same request may succeed later (no answer, rate limited, server failure,
    /// cancelled); false when the server refused it or the answer is unreadable.
    public var isTemporary: Bool {
        switch self {
        case .unreachable, .rateLimited, .serverFailed, .cancelled: true
        case .refused, .invalidResponse, .invalidRequest: false
        }
    }

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .unreachable(let reason): "the server could not be reached: \(reason)"
        case .refused(let problem): "the server refused the request: \(problem)"
        case .rateLimited(let problem):
            "too many requests; try again " + (problem.retryAfter.map { "in \($0.components.seconds) s" } ?? "later") + ": \(problem)"
        case .serverFailed(let problem): "the server failed: \(problem)"
        case .invalidResponse(let reason): "the server's answer is not what the API documents: \(reason)"
        case .invalidRequest(let reason): "the request could not be built: \(reason)"
        case .cancelled: "the request was cancelled"
        }
    }
}
