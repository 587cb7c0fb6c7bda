extension APIKeyScope {
    /// What a key of this scope may do, in a few words, as `landfall keys create --help` and
    /// the dashboard's new-key form say it: `links and statistics` for ``read``,
    /// `also create, change and delete links` for ``write``.
    public var meaning: String {
        switch self {
        case .read: "links and statistics"
        case .write: "also create, change and delete links"
        }
    }

    /// Every scope with its meaning, the end of a sentence:
    /// `read (links and statistics) or write (also create, change and delete links)`.
    public static var choices: String {
        allCases.map { "\($0.rawValue) (\($0.meaning))" }.joined(separator: " or ")
    }
}
