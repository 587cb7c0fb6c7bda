import LandfallJSON
extension AssetLinksFile {
    /// Decodes a file from its bytes.
    ///
    /// The top level must be an array. Each element is a statement (`relation`, `target`, and
    /// optionally `relation_extensions`) or an include entry (`{"include": "https://..."}`).
    /// Required keys must be present (`relation`, `target`, `namespace`, and `package_name` with
    /// `sha256_cert_fingerprints` for an app or `site` for a web target), and every value must
    /// have the right type; `?` in a dynamic component must be a dictionary. Unknown keys are
    /// ignored, as Android ignores them (``AssetLinksLinter`` reports them); of duplicate keys
    /// the last wins; a byte-order mark is skipped (the linter reports it: Android rejects it).
    ///
    /// ```swift
    /// do {
    ///     let file = try AssetLinksFile(json: bytes)
    /// } catch {
    ///     print(error) // [0].target.sha256_cert_fingerprints[1]: expected a string, found a number (line 6, column 9)
    /// }
    /// ```
    ///
    /// - Throws: ``AssociationDecodingError`` naming the exact place of the first problem.
    public init(json bytes: some Collection<UInt8>) throws(AssociationDecodingError) {
        try self.init(jsonValue: try JSONParser().decodableValue(bytes))
    }

    /// Decodes a file from JSON text. See ``init(json:)-(Collection<UInt8>)``.
    public init(json text: String) throws(AssociationDecodingError) {
        try self.init(json: Array(text.utf8))
    }

    /// Decodes a file from a parsed JSON tree. See ``init(json:)-(Collection<UInt8>)``.
    public init(jsonValue root: JSONValue) throws(AssociationDecodingError) {
        let reader = AssetLinksReader()
        guard let elements = root.arrayValue else {
            throw reader.base.mismatch(root, at: JSONPath(), expected: "an array of statements")
        }
        self.init()
        for (index, element) in elements.enumerated() {
            let path = JSONPath([.index(index)])
            let object = try reader.base.object(element, at: path, expected: "a statement object with \"relation\" and \"target\"")
            if let include = object.last("include") {
                includes.append(try reader.base.string(include, at: path.appending("include")))
            } else {
                statements.append(try reader.statement(object, element, at: path))
            }
        }
    }
}

/// Reads the `assetlinks.json` model from a JSON tree, with the association decoder's errors.
struct AssetLinksReader {
    let base = ModelReader()

    /// The error for a required key that is absent, with a did-you-mean when a near spelling is there.
    func missing(_ key: String, in object: ObjectView, of value: JSONValue, at path: JSONPath, meaning: String) -> AssociationDecodingError {
        var message = "missing \"\(key)\" (\(meaning))"
        if let near = object.members.first(where: { AssetLinksSpelling.suggestion(for: $0.key, among: [key]) == key }) {
            message += "; found \"\(near.key)\": did you mean \"\(key)\"?"
        }
        return AssociationDecodingError(path: path, message: message, location: value.location)
    }

    func required(_ key: String, in object: ObjectView, of value: JSONValue, at path: JSONPath, meaning: String) throws(AssociationDecodingError) -> JSONValue {
        guard let found = object.last(key) else { throw missing(key, in: object, of: value, at: path, meaning: meaning) }
        return found
    }

    func statement(_ object: ObjectView, _ value: JSONValue, at path: JSONPath) throws(AssociationDecodingError) -> AssetLinkStatement {
        let relation = try required("relation", in: object, of: value, at: path,
                                    meaning: "an array of relations such as \"\(AssetLinkStatement.handleAllURLs)\"")
        let relations = try base.strings(relation, at: path.appending("relation"))
        let targetValue = try required("target", in: object, of: value, at: path,
                                       meaning: "the app or site the relations are granted to")
        let target = try self.target(targetValue, at: path.appending("target"))
        var statement = AssetLinkStatement(relations: relations, target: target)
        if let extensions = object.last("relation_extensions") {
            let extensionsPath = path.appending("relation_extensions")
            let members = try base.object(extensions, at: extensionsPath, expected: "an object keyed by relation").members
            for member in members {
                if member.key == AssetLinkStatement.handleAllURLs {
                    // Like every other key, the last one wins.
                    statement.dynamicAppLinkComponents = try handleAllURLsExtension(member.value, at: extensionsPath.appending(member.key))
                } else {
                    statement.otherRelationExtensions.append(member)
                }
            }
        }
        return statement
    }

    func target(_ value: JSONValue, at path: JSONPath) throws(AssociationDecodingError) -> AssetLinkTarget {
        let object = try base.object(value, at: path, expected: "a target object with \"namespace\"")
        let namespaceValue = try required("namespace", in: object, of: value, at: path,
                                          meaning: "\"\(AssetLinkTarget.androidAppNamespace)\" or \"\(AssetLinkTarget.webNamespace)\"")
        let namespace = try base.string(namespaceValue, at: path.appending("namespace"))
        switch namespace {
        case AssetLinkTarget.androidAppNamespace:
            let package = try required("package_name", in: object, of: value, at: path,
                                       meaning: "the app's package name, such as \"com.example.app\"")
            let fingerprints = try required("sha256_cert_fingerprints", in: object, of: value, at: path,
                                            meaning: "the SHA-256 fingerprints of the app's signing certificates")
            return .androidApp(
                packageName: try base.string(package, at: path.appending("package_name")),
                sha256CertFingerprints: try base.strings(fingerprints, at: path.appending("sha256_cert_fingerprints"))
            )
        case AssetLinkTarget.webNamespace:
            let site = try required("site", in: object, of: value, at: path, meaning: "the site's origin, such as \"https://example.com\"")
            return .web(site: try base.string(site, at: path.appending("site")))
        default:
            return .other(value)
        }
    }

    func handleAllURLsExtension(_ value: JSONValue, at path: JSONPath) throws(AssociationDecodingError) -> [DynamicAppLinkComponent]? {
        let object = try base.object(value, at: path, expected: "an object with \"dynamic_app_link_components\"")
        guard let components = object.last("dynamic_app_link_components") else { return nil }
        let componentsPath = path.appending("dynamic_app_link_components")
        guard let elements = components.arrayValue else {
            throw base.mismatch(components, at: componentsPath, expected: "an array of rule objects")
        }
        var rules: [DynamicAppLinkComponent] = []
        rules.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            rules.append(try component(element, at: componentsPath.appending(index)))
        }
        return rules
    }

    func component(_ value: JSONValue, at path: JSONPath) throws(AssociationDecodingError) -> DynamicAppLinkComponent {
        let object = try base.object(value, at: path, expected: "a rule object with keys such as \"/\", \"?\" and \"#\"")
        var rule = DynamicAppLinkComponent()
        if let pattern = object.last("/") { rule.path = try base.string(pattern, at: path.appending("/")) }
        if let query = object.last("?") { rule.query = try queryItems(query, at: path.appending("?")) }
        if let pattern = object.last("#") { rule.fragment = try base.string(pattern, at: path.appending("#")) }
        if let flag = object.last("exclude") { rule.exclude = try base.bool(flag, at: path.appending("exclude")) }
        if let note = object.last("comments") { rule.comments = try base.string(note, at: path.appending("comments")) }
        return rule
    }

    func queryItems(_ value: JSONValue, at path: JSONPath) throws(AssociationDecodingError) -> [QueryItemPattern] {
        guard let members = value.objectMembers else {
            let note = value.stringValue != nil ? " (Android reads \"?\" only as a dictionary of item name to pattern)" : ""
            throw base.mismatch(value, at: path, expected: "an object of query item patterns\(note)")
        }
        var items: [QueryItemPattern] = []
        for member in members {
            let pattern = try base.string(member.value, at: path.appending(member.key))
            if let existing = items.firstIndex(where: { $0.name == member.key }) {
                items[existing].pattern = pattern
            } else {
                items.append(QueryItemPattern(name: member.key, pattern: pattern))
            }
        }
        return items
    }
}
