import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The ``LinkTransport`` an app uses: one `URLSession` data task per request.
///
/// It works on Apple platforms and on Linux, with `https` and with plain `http` base URLs
/// such as `http://127.0.0.1:8080` (a server on loopback in tests). Every HTTP status comes
/// back as a ``LinkResponse``; it throws only when no answer came (no connection, a
/// time-out), which the client retries.
///
/// ```swift
/// let client = LinkClient(configuration: configuration, state: saved, transport: URLSessionTransport())
/// ```
public struct URLSessionTransport: LinkTransport {
    /// The session requests go through.
    public let session: URLSession
    /// How long one request may wait for an answer, in seconds.
    public let timeout: TimeInterval

    /// Creates a transport.
    ///
    /// - Parameters:
    ///   - session: The session to use; `.shared` by default.
    ///   - timeout: Seconds one request may take before it fails (and is retried); 15 by default.
    public init(session: URLSession = .shared, timeout: TimeInterval = 15) {
        self.session = session
        self.timeout = timeout
    }

    /// Sends the request with a data task and returns the answer, whatever its status.
    ///
    /// - Throws: The `URLError` of a failed task, or `URLError(.badServerResponse)` when the
    ///   answer is not HTTP.
    public func send(_ request: LinkRequest) async throws -> LinkResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = request.body
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            guard let name = key as? String else { continue }
            headers[name] = value as? String ?? String(describing: value)
        }
        return LinkResponse(status: http.statusCode, headers: headers, body: data)
    }
}
