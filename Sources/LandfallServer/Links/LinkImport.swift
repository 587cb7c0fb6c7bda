import Foundation
import LandfallLinks
import LandfallStorage

/// Creates the links of a CSV file (``LinkCSVImport``) with every check of ``LinkWriter``, and
/// says what became of each row: `landfall links import` and the dashboard's import page both
/// run it, so that they check and store rows the same way.
///
/// Every row is checked on its own so that every refusal is reported (the slug policy, the
/// destinations, an expiry in the past, a slug asked for twice or already taken); then the rows
/// are stored all in one transaction (all or nothing), or each on its own (`skipInvalid`).
///
/// ```swift
/// let file = try LinkCSVImport(csv: "target,slug\nhttps://daily.example.com/a,spring\n")
/// let outcomes = try await LinkImport.importRows(file, writer: writer, storage: storage, dryRun: false, skipInvalid: false)
/// outcomes[0].link?.url // https://go.daily.example.com/spring
/// ```
public enum LinkImport {
    /// What became of one row.
    public struct Outcome: Sendable {
        /// The row's number as a spreadsheet shows it (the header is row 1).
        public var row: Int
        /// The link created (or, in a dry run or when another row was refused, the one that
        /// would be), when the row has no problem.
        public var link: ShortLink?
        /// The row's problems, each naming its column.
        public var problems: [LinkCSVProblem]
    }

    /// Checks every row and, unless a dry run, stores them: all in one transaction, or each on
    /// its own with `skipInvalid`.
    ///
    /// - Parameters:
    ///   - file: The rows read from the CSV, with the problems reading found.
    ///   - writer: The writer whose checks each row passes (the site's).
    ///   - storage: Where a custom slug is looked up before anything is stored.
    ///   - dryRun: Check every row (slugs taken included) and store nothing.
    ///   - skipInvalid: Store the rows that pass and report the others; without it, a refused
    ///     row means nothing is stored.
    /// - Returns: Every row's outcome, in the file's order: its link (stored, or what it would
    ///   be) or its problems, each naming its column.
    /// - Throws: `StorageError` when the database fails.
    public static func importRows(_ file: LinkCSVImport, writer: LinkWriter, storage: Storage, dryRun: Bool,
                           skipInvalid: Bool) async throws -> [Outcome] {
        var outcomes = file.rows.map { Outcome(row: $0.number, link: nil, problems: $0.problems) }
        let valid = file.rows.indices.filter { file.rows[$0].draft != nil }
        let place = { (name: String, index: Int) -> String in "\(valid[index])|\(name)" }
        func problem(_ error: APIError) -> (index: Int, problem: LinkCSVProblem)? {
            guard let field = error.field, let bar = field.firstIndex(of: "|"), let position = Int(field[..<bar]) else { return nil }
            let name = String(field[field.index(after: bar)...])
            var message = error.message
            if message.hasPrefix(field + ": ") { message.removeFirst(field.count + 2) }
            if message.hasPrefix(name + ": ") { message.removeFirst(name.count + 2) }
            message = message.replacing(/\s\(also by links\[\d+\]\)/, with: "")
            return (position, LinkCSVProblem(row: file.rows[position].number, column: file.column(forField: name), message: message))
        }
        // The checks that need no database, each row on its own so that every refusal is reported.
        var prepared: [Int: ShortLink] = [:]
        var customSlugs: [String: Int] = [:]
        for (offset, index) in valid.enumerated() {
            guard let draft = file.rows[index].draft else { continue }
            do {
                prepared[index] = try writer.prepare([draft], field: { name, _ in place(name, offset) })[0]
            } catch {
                if let (position, found) = problem(error) { outcomes[position].problems.append(found) }
                continue
            }
            if let slug = draft.slug, let link = prepared[index] {
                let key = link.host + "/" + slug
                if let earlier = customSlugs[key] {
                    outcomes[index].problems.append(LinkCSVProblem(row: file.rows[index].number, column: file.column(forField: "slug"),
                                                                   message: "the slug '\(slug)' is asked for twice (also by row \(file.rows[earlier].number))"))
                    prepared[index] = nil
                    continue
                }
                customSlugs[key] = index
                if try await storage.link(host: link.host, slug: slug) != nil {
                    outcomes[index].problems.append(LinkCSVProblem(row: file.rows[index].number, column: file.column(forField: "slug"),
                                                                   message: "The slug '\(slug)' is already used on \(link.host); choose another."))
                    prepared[index] = nil
                }
            }
        }
        for (index, link) in prepared { outcomes[index].link = link }
        let refused = outcomes.contains { !$0.problems.isEmpty }
        if dryRun || (refused && !skipInvalid) { return outcomes }
        let toStore = valid.filter { outcomes[$0].problems.isEmpty }
        if skipInvalid {
            for index in toStore {
                guard let draft = file.rows[index].draft else { continue }
                do {
                    outcomes[index].link = try await writer.create([draft], field: { name, _ in place(name, valid.firstIndex(of: index) ?? 0) })[0]
                } catch let error as APIError {
                    outcomes[index].link = nil
                    outcomes[index].problems.append(problem(error)?.problem
                        ?? LinkCSVProblem(row: file.rows[index].number, column: nil, message: error.message))
                }
            }
        } else {
            let drafts = toStore.compactMap { file.rows[$0].draft }
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
