import LandfallJSON
extension AssetLinksFile {
    /// The file as a JSON tree with keys in a fixed order: statements as `relation`, `target`,
    /// `relation_extensions`; targets as `namespace`, then `package_name` and
    /// `sha256_cert_fingerprints` (or `site`); rules as `/`, `?`, `#`, `exclude`, `comments`.
    /// Include entries follow the statements. Query items and other relation extensions keep
    /// their order; a target of an unknown namespace is written as it was read.
    public var jsonValue: JSONValue {
        .array(statements.map(\.jsonValue) + includes.map { .object([("include", .string($0))]) })
    }

    /// The file as JSON text. The same file always gives the same text, and decoding the text
    /// gives back an equal file.
    ///
    /// ```swift
    /// let file = AssetLinksFile(statements: [.appLinks(packageName: "com.example.app", sha256CertFingerprints: [fingerprint])])
    /// file.encoded(style: .compact)
    /// // [{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app",...}}]
    /// ```
    public func encoded(style: JSONStyle = .pretty) -> String {
        style.writer.string(for: jsonValue)
    }
}

extension AssetLinkStatement {
    /// One statement object (see ``AssetLinksFile/jsonValue``).
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [
            ("relation", .array(relations.map(JSONValue.string))),
            ("target", target.jsonValue),
        ]
        var extensions: [(String, JSONValue)] = []
        if let dynamicAppLinkComponents {
            extensions.append((
                Self.handleAllURLs,
                .object([("dynamic_app_link_components", .array(dynamicAppLinkComponents.map(\.jsonValue)))])
            ))
        }
        extensions += otherRelationExtensions.map { ($0.key, $0.value) }
        if !extensions.isEmpty { members.append(("relation_extensions", .object(extensions))) }
        return .object(members)
    }
}

extension AssetLinkTarget {
    /// The `target` object (see ``AssetLinksFile/jsonValue``).
    public var jsonValue: JSONValue {
        switch self {
        case .androidApp(let packageName, let fingerprints):
            .object([
                ("namespace", .string(Self.androidAppNamespace)),
                ("package_name", .string(packageName)),
                ("sha256_cert_fingerprints", .array(fingerprints.map(JSONValue.string))),
            ])
        case .web(let site):
            .object([("namespace", .string(Self.webNamespace)), ("site", .string(site))])
        case .other(let value):
            value
        }
    }
}

extension DynamicAppLinkComponent {
    /// One rule object (see ``AssetLinksFile/jsonValue``).
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        if let path { members.append(("/", .string(path))) }
        if let query { members.append(("?", .object(query.map { ($0.name, .string($0.pattern)) }))) }
        if let fragment { members.append(("#", .string(fragment))) }
        if let exclude { members.append(("exclude", .bool(exclude))) }
        if let comments { members.append(("comments", .string(comments))) }
        return .object(members)
    }
}
