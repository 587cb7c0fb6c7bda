import AppSiteAssociation
import HTTPTypes
import Hummingbird

/// An error answer of the JSON API: `{"error": {"code": "...", "message": "...", "field": "..."}}`
/// with its status, as `openapi/landfall.yaml` documents it. Handlers throw it; the API's
/// dispatch turns it into the response, so no handler builds an error response itself.
struct APIError: Error, Sendable {
    let status: HTTPResponse.Status
    /// A stable, documented code (`slug_taken`), for programs.
    let code: APIErrorCode
    /// What went wrong and what to do, for people.
    let message: String
    /// The JSON path of the request field at fault (`links[3].slug`), if one is.
    let field: String?
    /// Headers the answer carries (`Retry-After`, `WWW-Authenticate`, `Allow`).
    var headers: HTTPFields

    init(_ status: HTTPResponse.Status, _ code: APIErrorCode, _ message: String, field: String? = nil, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.headers = headers
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
enum APIErrorCode: String, CaseIterable, Sendable {
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
}
