import Foundation
import LandfallJSON
import LandfallLinks

extension RuntimeSettings {
    /// The settings as the API returns them (`GET /v1/settings`) and `settings.changed` reports them.
    public var json: JSONValue {
        .object([
            ("invitationsRequired", .bool(invitationsRequired)),
            ("updatedAt", .optional(updatedAt.map(APITime.string))),
        ])
    }
}
