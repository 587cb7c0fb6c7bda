import LandfallLinks
import Testing

/// A request body that must be refused, and exactly the errors expected, in order.
struct BadBody: Sendable, CustomTestStringConvertible {
    var name: String
    var body: String
    var errors: [RequestBodyError]

    init(_ name: String, _ body: String, _ errors: (String, String)...) {
        self.name = name
        self.body = body
        self.errors = errors.map { RequestBodyError(field: $0.0, message: $0.1) }
    }

    var testDescription: String { name }
}

/// Strings of a given length for the limits.
func text(_ count: Int, _ character: Character = "a") -> String {
    String(repeating: character, count: count)
}

/// `"key": "…"` members for `data`.
func dataMembers(_ count: Int) -> String {
    (0..<count).map { #""k\#($0)": "v""# }.joined(separator: ", ")
}
