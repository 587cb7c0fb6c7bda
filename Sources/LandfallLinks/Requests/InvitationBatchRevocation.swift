import AppSiteAssociation

/// The body of `POST /v1/invites/revoke`: `{"batch": "<id>"}`, the batch whose invitations
/// are all revoked.
///
/// ```swift
/// let revocation = try InvitationBatchRevocation(json: Array(#"{"batch": "019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11"}"#.utf8))
/// revocation.batchID // "019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11"
/// ```
public struct InvitationBatchRevocation: Sendable, Hashable {
    /// The batch (the `batch` of `POST /v1/invites`' answer).
    public var batchID: String

    /// Creates a revocation.
    public init(batchID: String) {
        self.batchID = batchID
    }

    /// Reads the body.
    ///
    /// - Throws: ``InvalidRequestBody``: not JSON, not an object, unknown fields, a missing,
    ///   empty or non-string `batch`, or one longer than 64 characters.
    public init(json bytes: some Collection<UInt8>) throws(InvalidRequestBody) {
        var reader = BodyReader()
        guard let value = reader.parse(bytes) else { throw InvalidRequestBody(errors: reader.errors) }
        var batchID: String?
        if let members = reader.object(value, at: [], fields: ["batch"], what: "a JSON object") {
            if let batch = members["batch"] {
                batchID = reader.string(batch, at: ["batch"], limit: 64)
            } else {
                reader.missing("batch", in: value, at: [], hint: #"name the batch to revoke, as in {"batch": "<the batch of POST /v1/invites>"}"#)
            }
        }
        guard let batchID, reader.errors.isEmpty else { throw InvalidRequestBody(errors: reader.errors) }
        self.batchID = batchID
    }
}
