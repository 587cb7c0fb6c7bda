import Foundation
import LandfallLinks
import LandfallStorage

/// Creates the links of one or more files (`LinkImportFile`: Landfall's CSV or JSON,
/// Firebase Dynamic Links' Takeout export) with every check of ``LinkWriter``, and says what
/// became of each row: `landfall links import`, `POST /v1/links/import` and the dashboard's
/// import page all run it, so that they check and store rows the same way.
///
/// Every row is checked on its own so that every refusal is reported (the slug policy, the
/// destinations, an expiry in the past, a slug asked for twice); a row whose slug is already
/// taken by a link with the same settings (`ShortLink/hasSameSettings(as:)`) is that link,
/// left alone, so that importing a file twice changes nothing; a slug taken by another link is
/// a refusal. Then the new links are stored all in one transaction (all or nothing), or each on
/// its own (`skipInvalid`).
///
/// ```swift
/// let file = try LinkImportFile(csv: "target,slug\nhttps://daily.example.com/a,spring\n")
/// let outcomes = try await LinkImport.importRows(file.rows, writer: writer, storage: storage, dryRun: false, skipInvalid: false)
/// outcomes[0].link?.url // https://go.daily.example.com/spring
/// ```
public enum LinkImport {
    /// What became of one row.
    public struct Outcome: Sendable {
        /// The row it was.
        public var row: LinkImportFile.Row
        /// The link created (or, in a dry run or when another row was refused, the one that
        /// would be), or the one already there when ``isUnchanged``; `nil` for a refused row.
        public var link: ShortLink?
        /// Whether the row's link was there already, with the same settings (imported before).
        public var isUnchanged = false
        /// The row's problems, each naming its column.
        public var problems: [LinkImportProblem]

        /// Whether the row is refused.
        public var isRefused: Bool { !problems.isEmpty }
        /// Whether the row makes a new link (when the import stores anything).
        public var isNew: Bool { problems.isEmpty && !isUnchanged && link != nil }
    }

    /// Checks every row and, unless a dry run, stores the new links: all in one transaction, or
    /// each on its own with `skipInvalid`.
    ///
    /// - Parameters:
    ///   - rows: The rows of the files, with the problems reading found.
    ///   - writer: The writer whose checks each row passes (the site's).
    ///   - storage: Where a custom slug is looked up before anything is stored.
    ///   - dryRun: Check every row (slugs taken included) and store nothing.
    ///   - skipInvalid: Store the rows that pass and report the others; without it, a refused
    ///     row means nothing is stored.
    /// - Returns: Every row's outcome, in order: its link (stored, what it would be, or the one
    ///   already there) or its problems, each naming its column.
    /// - Throws: `StorageError` when the database fails.
    public static func importRows(_ rows: [LinkImportFile.Row], writer: LinkWriter, storage: Storage, dryRun: Bool,
                                  skipInvalid: Bool) async throws -> [Outcome] {
        let rows = placedOnTheirHosts(rows, hosts: writer.checks.configuration.hosts)
        var outcomes = rows.map { Outcome(row: $0, link: nil, problems: $0.problems) }
        let valid = rows.indices.filter { rows[$0].draft != nil }
        let place = { (name: String, index: Int) -> String in "\(valid[index])|\(name)" }
        func problem(_ error: APIError) -> (index: Int, problem: LinkImportProblem)? {
            guard let field = error.field, let bar = field.firstIndex(of: "|"), let position = Int(field[..<bar]) else { return nil }
            let name = String(field[field.index(after: bar)...])
            var message = error.message
            if message.hasPrefix(field + ": ") { message.removeFirst(field.count + 2) }
            if message.hasPrefix(name + ": ") { message.removeFirst(name.count + 2) }
            message = message.replacing(/\s\(also by links\[\d+\]\)/, with: "")
            return (position, rows[position].problem(field: name, message))
        }
        // The checks that need no database, each row on its own so that every refusal is reported.
        var prepared: [Int: ShortLink] = [:]
        var customSlugs: [String: Int] = [:]
        for (offset, index) in valid.enumerated() {
            guard let draft = rows[index].draft else { continue }
            do {
                prepared[index] = try writer.prepare([draft], field: { name, _ in place(name, offset) })[0]
            } catch {
                if let (position, found) = problem(error) { outcomes[position].problems.append(found) }
                continue
            }
            if draft.slug != nil, let link = prepared[index] {
                // The slug as its host keeps it (lower case on a host whose slugs ignore case).
                let slug = link.slug
                let key = link.host + "/" + slug
                if let earlier = customSlugs[key] {
                    outcomes[index].problems.append(rows[index].problem(field: "slug", "the slug '\(slug)' is asked for twice (also by \(rows[earlier].place))"))
                    prepared[index] = nil
                    continue
                }
                customSlugs[key] = index
                if let existing = try await storage.link(host: link.host, slug: slug) {
                    prepared[index] = nil
                    if existing.hasSameSettings(as: link) {
                        outcomes[index].link = existing
                        outcomes[index].isUnchanged = true
                    } else {
                        outcomes[index].problems.append(rows[index].problem(field: "slug", """
                            The slug '\(slug)' is already used on \(link.host) by a link with other settings (to \(existing.target)); \
                            choose another, or change or delete that link first.
                            """))
                    }
                }
            }
        }
        for (index, link) in prepared { outcomes[index].link = link }
        let refused = outcomes.contains { $0.isRefused }
        if dryRun || (refused && !skipInvalid) { return outcomes }
        let toStore = valid.filter { outcomes[$0].isNew }
        if toStore.isEmpty { return outcomes }
        if skipInvalid {
            for index in toStore {
                guard let draft = rows[index].draft else { continue }
                do {
                    outcomes[index].link = try await writer.create([draft], field: { name, _ in place(name, valid.firstIndex(of: index) ?? 0) })[0]
                } catch let error as APIError {
                    outcomes[index].link = nil
                    outcomes[index].problems.append(problem(error)?.problem ?? rows[index].problem(field: nil, error.message))
                }
            }
        } else {
            let drafts = toStore.compactMap { rows[$0].draft }
            do {
                let links = try await writer.create(drafts, field: { name, offset in place(name, valid.firstIndex(of: toStore[offset]) ?? 0) })
                for (index, link) in zip(toStore, links) { outcomes[index].link = link }
            } catch let error as APIError {
                // Someone took a slug between the check and the insert: nothing was stored.
                for index in toStore { outcomes[index].link = nil }
                if let (position, found) = problem(error) { outcomes[position].problems.append(found) } else { throw error }
            }
        }
        return outcomes
    }
}
