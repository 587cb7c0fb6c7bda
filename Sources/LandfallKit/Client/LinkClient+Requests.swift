import Foundation

extension LinkClient {
    /// What one attempt at a request came to.
    private enum Attempt {
        /// A 2xx answer.
        case answered(LinkResponse)
        /// A failure worth retrying, after the wait the server asked for, if it did.
        case retryable(LinkClientError, requestedWait: Duration?)
        /// A failure that retrying would not change.
        case final(LinkClientError)
    }

    /// Builds a `GET` (or body-less) request to an API path of the server: the base URL's
    /// path, then `path`, then the query, each value percent-encoded.
    func request(_ method: LinkRequest.Method, _ path: String, query: [(String, String)] = [])
        throws(LinkClientError) -> LinkRequest {
        try request(method, path, query: query, data: nil)
    }

    /// Builds a request with a JSON body to an API path of the server.
    func request(_ method: LinkRequest.Method, _ path: String, body: some Encodable) throws(LinkClientError) -> LinkRequest {
        let data: Data
        do {
            data = try JSONEncoder().encode(body)
        } catch {
            throw .invalidRequest("the body of \(path) could not be encoded: \(error)")
        }
        return try request(method, path, query: [], data: data)
    }

    private func request(_ method: LinkRequest.Method, _ path: String, query: [(String, String)], data: Data?)
        throws(LinkClientError) -> LinkRequest {
        guard var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: true),
              let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
              components.host?.isEmpty == false else {
            throw .invalidRequest("the base URL '\(configuration.baseURL.absoluteString)' is not an http(s) URL with a host")
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = basePath + path
        components.percentEncodedQuery = query.isEmpty ? nil
            : query.map { "\(Self.queryEncoded($0.0))=\(Self.queryEncoded($0.1))" }.joined(separator: "&")
        components.fragment = nil
        guard let url = components.url else {
            throw .invalidRequest("no URL can be made of '\(configuration.baseURL.absoluteString)' and '\(path)'")
        }
        var headers = ["Accept": "application/json"]
        if data != nil { headers["Content-Type"] = "application/json" }
        return LinkRequest(method: method, url: url, headers: headers, body: data)
    }

    /// Sends a request, retrying as the configuration's ``RetryPolicy`` says, and returns
    /// the first 2xx answer.
    ///
    /// Retried: no answer, `429` (after `Retry-After` when given) and `5xx`. Not retried: any
    /// other status, and `429 invite_rate_limited` (a guess throttle the person must see).
    func send(_ request: LinkRequest) async throws(LinkClientError) -> LinkResponse {
        let policy = configuration.retry
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled { throw .cancelled }
            let failure: LinkClientError
            let requestedWait: Duration?
            switch await self.attempt(request) {
            case .answered(let response): return response
            case .final(let error): throw error
            case .retryable(let error, let wait):
                failure = error
                requestedWait = wait
            }
            guard attempt < policy.maxAttempts else { throw failure }
            let wait: Duration
            if let requestedWait {
                guard requestedWait <= policy.maxRetryAfter else { throw failure }
                wait = requestedWait
            } else {
                wait = policy.delay(beforeRetry: attempt, random: Double.random(in: 0...1))
            }
            do {
                try await sleep(wait)
            } catch {
                throw Task.isCancelled ? .cancelled : failure
            }
        }
    }

    private func attempt(_ request: LinkRequest) async -> Attempt {
        let response: LinkResponse
        do {
            response = try await transport.send(request)
        } catch {
            if error is CancellationError || Task.isCancelled { return .final(.cancelled) }
            return .retryable(.unreachable(String(describing: error)), requestedWait: nil)
        }
        if response.isSuccess { return .answered(response) }
        let problem = ServerProblem(response)
        switch response.status {
        case 429 where problem.code == "invite_rate_limited": return .final(.rateLimited(problem))
        case 429: return .retryable(.rateLimited(problem), requestedWait: problem.retryAfter)
        case 500...599: return .retryable(.serverFailed(problem), requestedWait: problem.retryAfter)
        default: return .final(.refused(problem))
        }
    }

    /// Decodes a 2xx answer's JSON body.
    func decode<Value: Decodable>(_ type: Value.Type, from response: LinkResponse, of request: LinkRequest)
        throws(LinkClientError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            let text = String(decoding: response.body.prefix(200), as: UTF8.self)
            throw .invalidResponse("\(request.method.rawValue) \(request.url.path) answered \(response.status) with '\(text)': \(error)")
        }
    }

    /// Characters left as they are in a query value: RFC 3986's unreserved ones.
    private static let unreserved: CharacterSet = {
        var set = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        set.insert(charactersIn: "-._~")
        return set
    }()

    private static func queryEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
