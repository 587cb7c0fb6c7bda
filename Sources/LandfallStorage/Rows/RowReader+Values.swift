import LandfallLinks

extension RowReader {
    /// An ``EventType`` that must be there.
    func eventType(_ column: String) throws(StorageError) -> EventType {
        let types = EventType.allCases.map(\.rawValue).joined(separator: ", ")
        return try parsed(column, as: "an event type (\(types))", EventType.init(rawValue:))
    }

    /// A `ClickPlatform` that must be there.
    func platform(_ column: String) throws(StorageError) -> ClickPlatform {
        let platforms = ClickPlatform.allCases.map(\.rawValue).joined(separator: ", ")
        return try parsed(column, as: "a platform (\(platforms))", ClickPlatform.init(rawValue:))
    }

    /// A link id or NULL.
    func optionalLinkID(_ column: String) throws(StorageError) -> LinkID? {
        guard let text = try optionalString(column) else { return nil }
        guard let id = LinkID(text) else { throw corrupt(column, "holds '\(text.prefix(100))', which is not a link id (a UUID)") }
        return id
    }
}
