import Foundation
import LandfallJSON

/// JSON Pointers (RFC 6901): the places violations name in a body (`/links/3/slug`) and the
/// places `$ref`s name in the document (`#/components/schemas/Link`).
enum JSONPointer {
    /// `token` escaped for a pointer: `~` is `~0`, `/` is `~1`.
    static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// `pointer` one step further in.
    static func appending(_ token: String, to pointer: String) -> String { pointer + "/" + escape(token) }

    /// `pointer` one step further in, into element `index`.
    static func appending(_ index: Int, to pointer: String) -> String { pointer + "/" + String(index) }

    /// The tokens of a pointer without its `#` (`/a/b~1c` is `["a", "b/c"]`), or `nil` when it is
    /// neither empty nor starts with `/`.
    static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// A `$ref` as written (`#/components/schemas/Link`, a URI fragment, so possibly
    /// percent-encoded) as the plain `#`-pointer the compiled schemas are filed under, or `nil`
    /// when it is not a reference into this document (`other.yaml#/A`, `#anchor`).
    static func canonicalReference(_ reference: String) -> String? {
        guard reference.hasPrefix("#"), let decoded = String(reference.dropFirst()).removingPercentEncoding,
              tokens(decoded) != nil else { return nil }
        return "#" + decoded
    }

    /// The value a `#`-pointer (`#/components/schemas/Link`, not percent-encoded) names in
    /// `root`, or `nil` when it names nothing.
    static func resolve(_ reference: String, in root: JSONValue) -> JSONValue? {
        guard reference.hasPrefix("#"), let tokens = tokens(String(reference.dropFirst())) else { return nil }
        var current = root
        for token in tokens {
            switch current.kind {
            case .object(let members):
                guard let member = members.first(where: { $0.key == token }) else { return nil }
                current = member.value
            case .array(let elements):
                guard let index = Int(token), String(index) == token, elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
