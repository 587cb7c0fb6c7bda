import HTTPTypes
import Hummingbird
import LandfallJSON
import LandfallStorage
import Logging

/// An error answer of the JSON API: `{"error": {"code": "...", "message": "...", "field": "..."}}`
/// with its status, as `openapi/landfall.yaml` documents it. Handlers throw it (or a domain
/// error, which `init(_:logger:)` maps); `ErrorMiddleware` turns it into the response, so no
/// handler builds an error response itself. ``LinkWriter`` throws it too, so that `landfall
/// links` reports the API's refusals in the API's words.
public struct APIError: HTTPResponseError, Sendable {
    /// The HTTP status of the answer.
    public let status: HTTPResponse.Status
    /// A stable, documented code (`slug_taken`), for programs.
    public let code: APIErrorCode
    /// What went wrong and what to do, for people.
    public let message: String
    /// The JSON path of the request field at fault (`links[3].slug`), if one is.
    public let field: String?
    /// Headers the answer carries (`Retry-After`, `WWW-Authenticate`, `Allow`).
    var headers: HTTPFields

    init(_ status: HTTPResponse.Status, _ code: APIErrorCode, _ message: String, field: String? = nil, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.headers = headers
    }

    /// The answer of the API to any error: an ``APIError`` as it is; a storage failure as 409
    /// (a slug taken), 503 (the database cannot be reached) or 500 (logged, its detail kept out
    /// of the answer); ``RateLimited`` as 429; anything else as 500, logged.
    init(_ error: any Error, logger: Logger) {
        switch error {
        case let error as APIError:
            self = error
        case let error as StorageError:
            self.init(storage: error, logger: logger)
        case let limited as RateLimited:
            self = .rateLimited(retryAfter: limited.retryAfter)
        case let error as any HTTPResponseError where error.status.code < 500:
            self.init(error.status, error.status == .notFound ? .notFound : .invalidBody, error.status.reasonPhrase)
        default:
            logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error))"])
            self.init(.internalServerError, .internalError, "Something went wrong; it has been logged.")
        }
    }

    /// The API's answer to a storage failure: 409 for a slug taken (`slugField` names the request
    /// field), 503 when the database cannot be reached, 500 (logged) otherwise.
    init(storage error: StorageError, slugField: String? = nil, logger: Logger) {
        switch error.code {
        case .slugTaken(let host, let slug):
            self.init(.conflict, .slugTaken, "The slug '\(slug)' is already used on \(host); choose another.", field: slugField)
        case .unreachable, .unavailable, .closed:
            self.init(.serviceUnavailable, .unavailable, "The database cannot be reached right now; try again shortly.",
                      headers: [.retryAfter: "5"])
        default:
            logger.error("storage failure", metadata: ["error": "\(error)"])
            self.init(.internalServerError, .internalError, "Something went wrong storing this; it has been logged.")
        }
    }

    /// Whether `path` is under the API, `/v1`: errors there are answered as JSON.
    static func isAPIPath(_ path: String) -> Bool {
        path.hasPrefix("/v1") && (path.utf8.count == 3 || path.utf8.dropFirst(3).first == UInt8(ascii: "/"))
    }

    /// The error as the response to `request`.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response
    }

    /// The error as a response.
    var response: Response {
        var members = [
            JSONMember(key: "code", value: JSONValue(.string(code.rawValue))),
            JSONMember(key: "message", value: JSONValue(.string(message))),
        ]
        if let field { members.append(JSONMember(key: "field", value: JSONValue(.string(field)))) }
        var response = Response.json(status, JSONWriter.pretty.string(for: JSONValue(.object([
            JSONMember(key: "error", value: JSONValue(.object(members))),
        ]))))
        for field in headers { response.headers.append(field) }
        // Every 503 says when to come back (the database is re-checked every second).
        if status == .serviceUnavailable, response.headers[.retryAfter] == nil { response.headers[.retryAfter] = "5" }
        return response
    }

    static func notFound(_ message: String = "No link has this id.") -> APIError {
        APIError(.notFound, .notFound, message)
    }

    static func invalidBody(_ message: String, field: String?) -> APIError {
        APIError(.badRequest, .invalidBody, message, field: field)
    }

    static func rateLimited(retryAfter: Int) -> APIError {
        APIError(.tooManyRequests, .rateLimited, "Too many requests from this address; try again in \(retryAfter) s.",
                 headers: [.retryAfter: String(retryAfter)])
    }
}

/// The codes of API errors: exactly the `ErrorCode` enumeration of `openapi/landfall.yaml`
/// (a test compares the two).
public enum APIErrorCode: String, CaseIterable, Sendable {
    case invalidBody = "invalid_body"
    case destinationRefused = "destination_refused"
    case invalidSlug = "invalid_slug"
    case unauthorized
    case forbidden
    case notFound = "not_found"
    case methodNotAllowed = "method_not_allowed"
    case slugTaken = "slug_taken"
    case gone
    case payloadTooLarge = "payload_too_large"
    case uriTooLong = "uri_too_long"
    case unsupportedMediaType = "unsupported_media_type"
    case rateLimited = "rate_limited"
    case internalError = "internal_error"
    case unavailable
    case inviteCodeMalformed = "invite_code_malformed"
    case inviteUnknown = "invite_unknown"
    case inviteRevoked = "invite_revoked"
    case inviteExpired = "invite_expired"
    case inviteUsedUp = "invite_used_up"
    case inviteRateLimited = "invite_rate_limited"
    case endpointDisabled = "endpoint_disabled"
    case rowsRefused = "rows_refused"
    case unknownCard = "unknown_card"
}
