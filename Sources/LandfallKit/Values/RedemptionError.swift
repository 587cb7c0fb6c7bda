/// Why an invitation code was not redeemed: one case for each error the API documents, so
/// that the app can say exactly what is wrong.
///
/// ```swift
/// do {
///     let redemption = try await client.redeemInvitation(code: typed)
/// } catch .usedUp {
///     show("This invitation has already been used.")
/// } catch .rateLimited(let wait) {
///     show("Too many tries. Try again in \(wait?.components.seconds ?? 60) seconds.")
/// } catch {
///     show(error.description)
/// }
/// ```
public enum RedemptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not an invitation code (`invite_code_malformed`).
    case malformed
    /// No invitation has this code (`invite_unknown`).
    case unknown
    /// The invitation was revoked (`invite_revoked`).
    case revoked
    /// The invitation expired (`invite_expired`).
    case expired
    /// Every use of the invitation was redeemed (`invite_used_up`).
    case usedUp
    /// Too many failed tries from this device or for codes like this one
    /// (`invite_rate_limited`): wait this long before trying again. Not retried
    /// automatically, since the person has to be told.
    case rateLimited(retryAfter: Duration?)
    /// The request failed for another reason: no connection, a server failure.
    case failed(LinkClientError)

    /// The error for a failed redemption request.
    init(_ error: LinkClientError) {
        guard let problem = error.problem else {
            self = .failed(error)
            return
        }
        switch problem.code {
        case "invite_code_malformed": self = .malformed
        case "invite_unknown": self = .unknown
        case "invite_revoked": self = .revoked
        case "invite_expired": self = .expired
        case "invite_used_up": self = .usedUp
        case "invite_rate_limited": self = .rateLimited(retryAfter: problem.retryAfter)
        case "invalid_body" where problem.field == "code": self = .malformed
        default: self = .failed(error)
        }
    }

    /// A sentence for the person who typed the code.
    public var description: String {
        switch self {
        case .malformed: "This is not an invitation code: check what you typed (15 letters and digits)."
        case .unknown: "No invitation has this code: check what you typed."
        case .revoked: "This invitation was withdrawn."
        case .expired: "This invitation has expired."
        case .usedUp: "This invitation has already been used."
        case .rateLimited(let wait):
            "Too many tries. Try again " + (wait.map { "in \($0.components.seconds) seconds." } ?? "later.")
        case .failed(let error): "The invitation could not be checked: \(error)."
        }
    }
}
