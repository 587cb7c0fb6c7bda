/// A place inside a JSON document, written the way a person reads it:
/// `applinks.details[2].components[0]["?"]`.
public struct JSONPath: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step into a document.
    public enum Component: Sendable, Hashable, Codable {
        /// A member of an object.
        case key(String)
        /// An element of an array (0-based).
        case index(Int)
    }

    /// The steps from the top of the document.
    public var components: [Component]

    /// Creates a path from its steps.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// Creates a path from an array literal of steps.
    public init(arrayLiteral elements: Component...) {
        self.components = elements
    }

    /// The path one step further in, into the member `key`.
    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    /// The path one step further in, into element `index`.
    public func appending(_ index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    /// `applinks.details[2].components[0]["?"]`; the empty path is `(top level)`.
    public var description: String {
        guard !components.isEmpty else { return "(top level)" }
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if Self.isPlainIdentifier(key) {
                    text += text.isEmpty ? key : ".\(key)"
                } else {
                    var quoted = ""
                    JSONWriter.writeString(key, into: &quoted)
                    text += "[\(quoted)]"
                }
            }
        }
        return text
    }

    private static func isPlainIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "-" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }
    }
}

extension JSONPath.Component: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// A key step written as a string literal: `["applinks", "details", 0]`.
    public init(stringLiteral value: String) { self = .key(value) }
    /// An index step written as an integer literal.
    public init(integerLiteral value: Int) { self = .index(value) }
}
