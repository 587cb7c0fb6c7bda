/// One `name=value` pair from a URL's query, percent-decoded.
///
/// An item written without `=` (`?debug`) has the empty string as its value.
public struct QueryItem: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The decoded name.
    public var name: String
    /// The decoded value (empty for an item written without `=`).
    public var value: String

    /// Creates an item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `name=value`, decoded.
    public var description: String { "\(name)=\(value)" }
}
