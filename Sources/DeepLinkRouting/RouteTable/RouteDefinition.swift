/// One route as a route table writes it: a plain, `Codable` description with type names
/// instead of ``ParameterType`` values and no handler.
///
/// ```yaml
/// - name: puzzle
///   pattern: /puzzle/:date
///   parameters: {date: day}
///   examples: [https://example.com/puzzle/2025-10-25]
/// ```
///
/// Only `pattern` is required. Keys this type does not define are ignored, so the server's
/// site configuration can keep its own (the page to render, say) beside them.
public struct RouteDefinition: Sendable, Hashable, Codable {
    /// The path pattern (see ``RoutePattern``).
    public var pattern: String
    /// A unique name; the pattern when absent.
    public var name: String?
    /// Path parameter types by parameter name, as type names (`day`, `int`, ...).
    public var parameters: [String: String]
    /// Query item types by item name, as type names.
    public var query: [String: String]
    /// Ranking override; higher wins. 0 when absent.
    public var priority: Int
    /// Overrides the table's case sensitivity for this route's literals.
    public var caseSensitive: Bool?
    /// Conditions that must hold before the link opens (see ``LinkCondition``).
    public var requires: [LinkCondition]
    /// Links that must match this route, for documentation and checks.
    public var examples: [String]

    /// Creates a definition; every argument but the pattern has the default described on
    /// its property.
    public init(
        pattern: String, name: String? = nil, parameters: [String: String] = [:], query: [String: String] = [:],
        priority: Int = 0, caseSensitive: Bool? = nil, requires: [LinkCondition] = [], examples: [String] = []
    ) {
        self.pattern = pattern
        self.name = name
        self.parameters = parameters
        self.query = query
        self.priority = priority
        self.caseSensitive = caseSensitive
        self.requires = requires
        self.examples = examples
    }

    /// The name, or the pattern when the definition has none.
    public var effectiveName: String { name ?? pattern }

    private enum CodingKeys: String, CodingKey {
        case pattern, name, parameters, query, priority, caseSensitive, requires, examples
    }

    /// Decodes a definition; absent keys take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.pattern = try container.decode(String.self, forKey: .pattern)
        self.name = try container.decodeIfPresent(String.self, forKey: .name)
        self.parameters = try container.decodeIfPresent([String: String].self, forKey: .parameters) ?? [:]
        self.query = try container.decodeIfPresent([String: String].self, forKey: .query) ?? [:]
        self.priority = try container.decodeIfPresent(Int.self, forKey: .priority) ?? 0
        self.caseSensitive = try container.decodeIfPresent(Bool.self, forKey: .caseSensitive)
        self.requires = try container.decodeIfPresent([LinkCondition].self, forKey: .requires) ?? []
        self.examples = try container.decodeIfPresent([String].self, forKey: .examples) ?? []
    }

    /// Encodes the definition, leaving out keys that hold their defaults.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encode(pattern, forKey: .pattern)
        if !parameters.isEmpty { try container.encode(parameters, forKey: .parameters) }
        if !query.isEmpty { try container.encode(query, forKey: .query) }
        if priority != 0 { try container.encode(priority, forKey: .priority) }
        try container.encodeIfPresent(caseSensitive, forKey: .caseSensitive)
        if !requires.isEmpty { try container.encode(requires, forKey: .requires) }
        if !examples.isEmpty { try container.encode(examples, forKey: .examples) }
    }
}
