import Foundation

/// The fields of a form posted as `application/x-www-form-urlencoded`: `+` is a space, `%XX`
/// escapes are decoded, a field named twice keeps its first value.
struct DashboardForm: Sendable {
    /// The fields by name.
    let fields: [String: String]

    /// The largest form body read (a link's form with every field is far smaller).
    static let maximumSize = 64 * 1024

    /// The value of `name`, or `nil` when the form has no such field.
    subscript(_ name: String) -> String? { fields[name] }

    /// Reads `body`; `nil` when it is not form encoding (a `%` not followed by two hex digits,
    /// or bytes that are not UTF-8 once decoded).
    init?(encoded body: String) {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), let value = Self.decode(parts.count > 1 ? parts[1] : "") else { return nil }
            if fields[name] == nil { fields[name] = value }
        }
        self.fields = fields
    }

    init(fields: [String: String]) {
        self.fields = fields
    }

    private static func decode(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
