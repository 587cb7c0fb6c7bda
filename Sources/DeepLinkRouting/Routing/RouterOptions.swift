/// Router-wide choices about how URLs are read.
///
/// In a route table these are the `routing` section:
/// `routing: {caseSensitive: false, plusAsSpace: true}`.
public struct RouterOptions: Sendable, Hashable, Codable {
    /// Whether literal segments compare with case (`/About` vs `/about`). Default true;
    /// a route may override it. Parameter values always keep their case.
    public var caseSensitive: Bool
    /// Whether `+` in the query means a space, as HTML forms write it. Default false
    /// (RFC 3986: `+` is a plus; spaces are `%20`).
    public var plusAsSpace: Bool
    /// Whether `http` links for accepted hosts are routed too. Default false: universal
    /// links are https only. Useful for local development servers.
    public var acceptsHTTP: Bool

    /// Creates options; every argument has the default described on its property.
    public init(caseSensitive: Bool = true, plusAsSpace: Bool = false, acceptsHTTP: Bool = false) {
        self.caseSensitive = caseSensitive
        self.plusAsSpace = plusAsSpace
        self.acceptsHTTP = acceptsHTTP
    }

    private enum CodingKeys: String, CodingKey {
        case caseSensitive, plusAsSpace, acceptsHTTP
    }

    /// Decodes options; a missing key takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.caseSensitive = try container.decodeIfPresent(Bool.self, forKey: .caseSensitive) ?? true
        self.plusAsSpace = try container.decodeIfPresent(Bool.self, forKey: .plusAsSpace) ?? false
        self.acceptsHTTP = try container.decodeIfPresent(Bool.self, forKey: .acceptsHTTP) ?? false
    }
}
