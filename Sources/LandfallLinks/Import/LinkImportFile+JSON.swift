import LandfallJSON

extension LinkImportFile {
    /// The fields of an exported link (`landfall links export --format json`, the API's
    /// answers) that describe that link itself: an import leaves them out, and the link made
    /// gets its own.
    public static let exportedOnlyFields = ["id", "url", "createdAt", "updatedAt", "clicks"]

    /// Reads Landfall's JSON: `{"links": [link, …]}` as `POST /v1/links/bulk` takes it and
    /// `landfall links export --format json` writes it (the demo's `links.json`), or the list
    /// alone. Each link is read as `POST /v1/links` reads one, except that `null` is a field
    /// left out (as an export writes it); a problem names the link (from 1) and the field.
    ///
    /// - Throws: ``LinkImportProblem`` for text that is not JSON (with its line and column) or
    ///   not a list of links.
    public init(json text: String, file name: String? = nil) throws(LinkImportProblem) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            throw LinkImportProblem(file: name, row: nil, column: nil, message: "\(error)")
        }
        let expected = #"a JSON file of links is {"links": [{"target": "https://…", "slug": "…"}, …]}, as landfall links export --format json writes it"#
        let list: [JSONValue]
        if let elements = value.arrayValue {
            list = elements
        } else if let members = value.objectMembers, let links = value["links"] {
            let others = members.map(\.key).filter { $0 != "links" }
            guard others.isEmpty else {
                throw LinkImportProblem(file: name, row: nil, column: nil, message: "has \(others.map { "'\($0)'" }.joined(separator: ", ")) beside links; \(expected)")
            }
            guard let elements = links.arrayValue else {
                throw LinkImportProblem(file: name, row: nil, column: "links", message: "is \(links.kindDescription); \(expected)")
            }
            list = elements
        } else {
            throw LinkImportProblem(file: name, row: nil, column: nil, message: "is \(value.kindDescription)\(value.objectMembers == nil ? "" : " without links"); \(expected)")
        }
        let columns = Columns(names: [], fields: [])
        var leftOut: Set<String> = []
        var rows: [Row] = []
        for (offset, element) in list.enumerated() {
            var row = Row(file: name, number: offset + 1, unit: "link", draft: nil, problems: [], notes: [], source: nil, columns: columns)
            var link = element
            if let members = element.objectMembers {
                // An export writes a field that is not set as null; for a link to create, null
                // and absent are the same.
                let kept = members.filter { !Self.exportedOnlyFields.contains($0.key) && $0.value.kind != .null }.map { member in
                    guard let inner = member.value.objectMembers else { return member }
                    var member = member
                    member.value = JSONValue(.object(inner.filter { $0.value.kind != .null }), location: member.value.location)
                    return member
                }
                leftOut.formUnion(members.map(\.key).filter { Self.exportedOnlyFields.contains($0) })
                row.source = members.first { $0.key == "url" }?.value.stringValue
                link = JSONValue(.object(kept), location: element.location)
            }
            var reader = BodyReader()
            let draft = LinkDraft.read(link, at: [], into: &reader)
            let errors = reader.errors
            if let draft, errors.isEmpty {
                row.draft = draft
            } else {
                row.problems = errors.map { row.problem(field: $0.field.isEmpty ? nil : $0.field, $0.message) }
                if row.problems.isEmpty { row.problems.append(row.problem(field: nil, "is \(element.kindDescription); each link is an object with at least a target")) }
            }
            rows.append(row)
        }
        let notes = leftOut.isEmpty ? [] : [
            "\(Self.exportedOnlyFields.filter(leftOut.contains).joined(separator: ", ")) describe the exported links themselves and are not imported: each link made gets its own.",
        ]
        self.init(format: .json, columns: columns, rows: rows, notes: notes)
    }
}
