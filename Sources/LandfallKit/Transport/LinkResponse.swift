import Foundation

/// The server's answer to a ``LinkRequest``: its status, headers and body, whatever the
/// status (a 404 is an answer, not a transport failure).
public struct LinkResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields by name, as the transport received them.
    public var headers: [String: String]
    /// The body (JSON for every API answer).
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of a header field, its name compared without case (`Retry-After` and
    /// `retry-after` are the same field).
    public func header(_ name: String) -> String? {
        if let value = headers[name] { return value }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
