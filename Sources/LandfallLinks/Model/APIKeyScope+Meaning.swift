extension APIKeyScope {
    /// What a key of this scope may do, in a few words, as `landfall keys create --help` and
    /// the dashboard's new-key form say it: `links and statistics` for ``read``,
    /// `also create, change and delete links` for ``write``, `read, and manage webhook
    /// endpoints and their deliveries` for ``webhooks``.
    public var meaning: String {
        switch self {
        case .read: "links and statistics"
        case .write: "also create, change and delete links"
        case .webhooks: "read, and manage webhook endpoints and their deliveries"
        }
    }

    /// Every scope with its meaning, the end of a sentence: `read (links and statistics),
    /// write (also create, change and delete links) or webhooks (read, and manage webhook
    /// endpoints and their deliveries)`.
    public static var choices: String {
        listed(allCases.map { "\($0.rawValue) (\($0.meaning))" })
    }

    /// Every scope's name, the end of a sentence: `read, write or webhooks`.
    public static var names: String {
        listed(allCases.map(\.rawValue))
    }

    private static func listed(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + " or " + last
    }
}
