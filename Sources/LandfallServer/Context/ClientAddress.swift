import Foundation
import HTTPTypes

/// The address a request is rate limited under: the first address of a trusted proxy's
/// header when the server is configured with one, else the connection's peer.
enum ClientAddress {
    /// The key for `request`'s client, `"unknown"` when there is none (in-process tests).
    static func key(headers: HTTPFields, remoteIPAddress: String?, trustedHeader: HTTPField.Name?) -> String {
        if let trustedHeader, let value = headers[trustedHeader] {
            let first = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if !first.isEmpty, first.utf8.count <= 64 { return first }
        }
        return remoteIPAddress ?? "unknown"
    }
}
