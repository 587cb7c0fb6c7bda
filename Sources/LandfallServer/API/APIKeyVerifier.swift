import Foundation
import HTTPTypes
import LandfallLinks
import LandfallStorage
import NIOConcurrencyHelpers

/// Checks the `Authorization: Bearer <key>` of API requests against the stored keys.
///
/// Only a hash of each key is stored; the presented secret is hashed and compared in
/// constant time. Every request reads the key's record, so a key revoked with `landfall keys
/// revoke` (from another process, even another machine on PostgreSQL) stops working at once.
/// When a key was last used is written at most once a minute per key.
final class APIKeyVerifier: Sendable {
    private let storage: Storage
    private let lastNoted = NIOLockedValueBox<[String: Date]>([:])

    init(storage: Storage) {
        self.storage = storage
    }

    /// The key presented in `authorization`, if it is valid, unrevoked and allows `scope`.
    ///
    /// - Throws: ``APIError`` 401 `unauthorized` (no key, a malformed, unknown or revoked one)
    ///   or 403 `forbidden` (a key whose scope does not allow `scope`, such as a read key for a
    ///   write or a write key for webhooks), or 503 when the keys cannot be read.
    func verify(_ authorization: String?, needs scope: APIKeyScope, now: Date) async throws(APIError) -> APIKeyRecord {
        guard let authorization else {
            throw Self.unauthorized("This endpoint needs an API key: send 'Authorization: Bearer <key>' (create one with 'landfall keys create').")
        }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw Self.unauthorized("The Authorization header must be 'Bearer <key>'.")
        }
        guard let presented = APIKeys.parse(String(parts[1]).trimmingCharacters(in: .whitespaces)) else {
            throw Self.unauthorized("That is not a Landfall API key (they look like lf_<id>_<secret>).")
        }
        let record: APIKeyRecord?
        do {
            record = try await storage.apiKey(id: presented.id)
        } catch {
            throw APIError(.serviceUnavailable, .unavailable, "API keys cannot be checked right now; try again shortly.")
        }
        guard let record, APIKeys.verify(secret: presented.secret, against: record) else {
            throw Self.unauthorized("This API key is not known.")
        }
        guard record.revokedAt == nil else {
            throw Self.unauthorized("This API key was revoked.")
        }
        guard record.scope.allows(scope) else {
            throw APIError(.forbidden, .forbidden, "This API key has the '\(record.scope.rawValue)' scope; this request needs '\(scope.rawValue)'.")
        }
        await noteUse(of: record.id, at: now)
        return record
    }

    private func noteUse(of id: String, at now: Date) async {
        let due = lastNoted.withLockedValue { noted -> Bool in
            if let last = noted[id], now.timeIntervalSince(last) < 60 { return false }
            noted[id] = now
            return true
        }
        if due { try? await storage.noteAPIKeyUse(id: id, at: now) }
    }

    private static func unauthorized(_ message: String) -> APIError {
        APIError(.unauthorized, .unauthorized, message, headers: [.wwwAuthenticate: "Bearer realm=\"landfall\""])
    }
}
