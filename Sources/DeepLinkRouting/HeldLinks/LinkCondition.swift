/// Something that must be true before a route's link may open, such as being signed in.
///
/// Conditions are names the app defines; the router never evaluates them. The app tells a
/// ``LinkInbox`` when a condition becomes true or false, and links waiting for it are held
/// and then replayed.
///
/// ```swift
/// extension LinkCondition {
///     static let onboarded: LinkCondition = "onboarded"
/// }
/// Route("/settings/billing", requires: [.signedIn, .onboarded]) { ... }
/// ```
public struct LinkCondition: Sendable, Hashable, Comparable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The condition's name, as a route table's `requires` list writes it.
    public let name: String

    /// Creates a condition with this name.
    public init(_ name: String) {
        self.name = name
    }

    /// Creates a condition from a string literal.
    public init(stringLiteral name: String) {
        self.name = name
    }

    /// Decodes a condition from its name.
    public init(from decoder: any Decoder) throws {
        self.name = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the condition as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// Orders conditions by name.
    public static func < (lhs: LinkCondition, rhs: LinkCondition) -> Bool {
        lhs.name < rhs.name
    }

    /// The name.
    public var description: String { name }

    /// The user is signed in: the most common condition, named `signedIn`.
    public static let signedIn: LinkCondition = "signedIn"
}
