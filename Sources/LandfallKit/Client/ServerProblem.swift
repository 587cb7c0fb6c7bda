import Foundation

/// An error answer from the server, read from the API's error body
/// `{"error": {"code", "message", "field"?}}`.
///
/// ``code`` is what programs test (`not_found`, `invite_used_up`, `rate_limited`);
/// ``message`` is for people. An answer without such a body (a proxy's 502 page) has the
/// code `http_<status>` and a message saying what came back.
public struct ServerProblem: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status.
    public let status: Int
    /// The API's error code, e.g. `not_found`; `http_<status>` when the body had none.
    public let code: String
    /// What went wrong, for people.
    public let message: String
    /// The request field at fault (`token`, `events[3].at`), when the server named one.
    public let field: String?
    /// How long the server asked to wait (`Retry-After`, in seconds), if it did.
    public let retryAfter: Duration?

    /// Creates a problem.
    public init(status: Int, code: String, message: String, field: String? = nil, retryAfter: Duration? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.retryAfter = retryAfter
    }

    /// Reads the problem from an error answer.
    public init(_ response: LinkResponse) {
        let retryAfter = response.header("Retry-After").flatMap(Self.retryAfter(from:))
        if let body = try? JSONDecoder().decode(ErrorBody.self, from: response.body) {
            self.init(status: response.status, code: body.error.code, message: body.error.message,
                      field: body.error.field, retryAfter: retryAfter)
        } else {
            let text = String(decoding: response.body.prefix(200), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            self.init(status: response.status, code: "http_\(response.status)",
                      message: "the server answered \(response.status)" + (text.isEmpty ? " with no error body" : ": \(text)"),
                      retryAfter: retryAfter)
        }
    }

    /// `404 not_found: No short link has this address. (field: url)`.
    public var description: String {
        "\(status) \(code): \(message)" + (field.map { " (field: \($0))" } ?? "")
    }

    /// `Retry-After` as a number of seconds; the HTTP-date form is not used by Landfall and
    /// reads as absent.
    static func retryAfter(from text: String) -> Duration? {
        guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0 else { return nil }
        return .seconds(seconds)
    }

    private struct ErrorBody: Decodable {
        struct Detail: Decodable {
            let code: String
            let message: String
            let field: String?
        }
        let error: Detail
    }
}
