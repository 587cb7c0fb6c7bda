import AppSiteAssociation
import Foundation
import LandfallJSON

extension Invitation {
    /// The invitation as the API returns it (the `Invitation` schema of `openapi/landfall.yaml`),
    /// with its ``status(at:)`` at `now` and times in UTC with milliseconds.
    ///
    /// ```swift
    /// JSONWriter.pretty.string(for: invitation.jsonValue(url: "https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R", now: now))
    /// // {"code": "7KQ2M-X4P9T-HCW3R", "url": "https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R",
    /// //  "batch": "019a8c3e-…", "uses": 1, "redeemed": 0, "usesLeft": 1, "status": "active",
    /// //  "expiresAt": null, "note": null, "campaign": "beta", "createdAt": "2026-11-21T10:00:00.000Z", "revokedAt": null}
    /// ```
    ///
    /// - Parameters:
    ///   - url: The invitation's page (`https://<site host>/invites/<code>`), or `nil` when the
    ///     site configures no invitation route.
    ///   - now: The time the status is judged at.
    public func jsonValue(url: String?, now: Date) -> JSONValue {
        .object([
            ("code", .string(code.formatted)),
            ("url", .optional(url)),
            ("batch", .string(batchID)),
            ("uses", .integer(uses)),
            ("redeemed", .integer(redeemed)),
            ("usesLeft", .integer(usesLeft)),
            ("status", .string(status(at: now).rawValue)),
            ("expiresAt", .optional(expiresAt.map(APITime.string))),
            ("note", .optional(note)),
            ("campaign", .optional(campaign)),
            ("createdAt", .string(APITime.string(createdAt))),
            ("revokedAt", .optional(revokedAt.map(APITime.string))),
        ])
    }
}
