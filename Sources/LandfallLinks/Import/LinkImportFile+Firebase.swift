import Foundation

extension LinkImportFile {
    /// The columns of Firebase Dynamic Links' Takeout export that become a link field.
    ///
    /// `short_link` (the whole short URL) gives the slug: its last path segment. `archived`
    /// (`true`/`false`) keeps an archived link disabled, and `name`, the link's name in the
    /// Firebase console, is kept as `data.name` (so the dashboard's search finds it).
    public static let firebaseFields: KeyValuePairs<String, String> = [
        "short_link": "slug", "link": "target",
        "ifl": "overrides.ios", "afl": "overrides.android", "ofl": "overrides.desktop",
        "st": "preview.title", "sd": "preview.description", "si": "preview.imageURL",
        "utm_source": "campaign.source", "utm_medium": "campaign.medium", "utm_campaign": "campaign.name",
        "utm_term": "campaign.term", "utm_content": "campaign.content",
        "archived": "disabled", "name": "data.name",
    ]

    /// The columns of the export that are not kept per link, and why (the site configuration
    /// gives the apps; Landfall has no such setting per link).
    public static let firebaseColumnsNotKept: [(columns: [String], why: String)] = [
        (["apn", "ibi", "ipbi", "isi"], "the apps come from the site configuration (apps: android.package, ios.bundleID, ios.appStoreID), for every link"),
        (["ius"], "the custom scheme comes from the site configuration (apps: ios.scheme)"),
        (["amv", "imv"], "Landfall has no minimum app version per link"),
        (["ipfl"], "iPad visitors without the app go where iPhone visitors go (ifl, kept as overrides.ios)"),
        (["efr"], "a short link shows Landfall's page when the app does not open; there is no per-link switch to skip it"),
        (["at", "ct", "mt", "pt"], "App Store analytics tokens are not kept; Landfall counts clicks itself, and utm_* are kept as the campaign"),
        (["creation_timestamp"], "an imported link is created when it is imported"),
    ]

    /// Reads a Takeout export (its header has `short_link` and `link`): one link per row, the
    /// slug from `short_link`; the columns it does not keep are named in ``notes`` with the
    /// values they had.
    static func firebase(_ table: CSVTable, file: String?) -> LinkImportFile {
        let header = table.header.map(trimmed)
        let mapped = Dictionary(firebaseFields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let notKept = Dictionary(firebaseColumnsNotKept.flatMap { group in group.columns.map { ($0, group.why) } }, uniquingKeysWith: { first, _ in first })
        let columns = Columns(names: header, fields: header.map { mapped[$0] ?? "" })
        var ignored: [Int: [String: Int]] = [:]
        let rows = Self.rows(of: table, file: file, columns: columns) { row, texts in
            var fields: [(field: String, text: String)] = []
            var slugFound = true
            for (index, text) in texts.enumerated() where !text.isEmpty {
                let column = header[index]
                guard let field = mapped[column] else {
                    ignored[index, default: [:]][text, default: 0] += 1
                    continue
                }
                if field == "slug" {
                    row.source = text
                    switch Self.firebaseSlug(text) {
                    case .success(let (slug, prefix)):
                        fields.append((field, slug))
                        if !prefix.isEmpty {
                            row.notes.append("the path \(prefix) before the slug is not kept: a short link is https://HOST/SLUG")
                        }
                    case .failure(let error):
                        row.problems.append(row.problem(field: "slug", error.message))
                        slugFound = false
                    }
                } else {
                    fields.append((field, text))
                }
            }
            if row.source == nil {
                row.problems.append(row.problem(field: "slug", "is empty; every row of the export has the short link it was"))
                slugFound = false
            }
            let draft = Self.draft(fields, row: &row)
            row.draft = slugFound ? draft : nil
        }
        // One note per reason, naming each column with the values it had.
        func described(_ index: Int) -> String {
            let values = ignored[index] ?? [:]
            let shown = values.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(3)
                .map { "\($0.key) in \($0.value) row\($0.value == 1 ? "" : "s")" }.joined(separator: ", ")
            let more = values.count > 3 ? ", and \(values.count - 3) other value\(values.count == 4 ? "" : "s")" : ""
            return "\(header[index]) (\(shown)\(more))"
        }
        var notes: [String] = []
        let present = ignored.keys.sorted()
        for group in firebaseColumnsNotKept {
            let indices = present.filter { group.columns.contains(header[$0]) }
            guard !indices.isEmpty else { continue }
            notes.append("\(indices.map(described).joined(separator: "; ")) \(indices.count == 1 ? "is" : "are") not imported: \(group.why).")
        }
        for index in present where notKept[header[index]] == nil {
            notes.append("\(described(index)) is not imported: it is not a column of Firebase's export.")
        }
        return LinkImportFile(format: .firebase, columns: columns, rows: rows, notes: notes)
    }

    /// The slug of a Firebase short link (its last path segment) and the path before it.
    static func firebaseSlug(_ shortLink: String) -> Result<(slug: String, prefix: String), FirebaseSlugError> {
        guard let components = URLComponents(string: shortLink), let scheme = components.scheme?.lowercased(),
              ["https", "http"].contains(scheme), let host = components.host, !host.isEmpty else {
            return .failure(FirebaseSlugError("'\(shortLink.prefix(200))' is not a short link's URL; the export has https://PREFIX/SUFFIX here"))
        }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/"), path.index(after: slash) < path.endIndex else {
            return .failure(FirebaseSlugError("'\(shortLink.prefix(200))' has no path after its host, so no slug to keep"))
        }
        let slug = String(path[path.index(after: slash)...])
        return .success((slug.removingPercentEncoding ?? slug, String(path[..<slash])))
    }

    /// Why a `short_link` gives no slug.
    struct FirebaseSlugError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}
