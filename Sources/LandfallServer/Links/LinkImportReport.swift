import LandfallJSON
import LandfallLinks

/// What an import did (``LinkImport``), counted and written out: as lines for people and as
/// the JSON that `landfall links import --format json` prints and `POST /v1/links/import`
/// answers.
public struct LinkImportReport: Sendable {
    /// Every row's outcome, in order.
    public let outcomes: [LinkImport.Outcome]
    /// The files the rows came from.
    public let files: [LinkImportFile]
    /// Whether nothing was to be stored.
    public let dryRun: Bool
    /// Whether the new links were stored: not a dry run, and no row refused or `skipInvalid`.
    public let stored: Bool

    /// Counts what became of `outcomes`.
    public init(outcomes: [LinkImport.Outcome], files: [LinkImportFile], dryRun: Bool, skipInvalid: Bool) {
        self.outcomes = outcomes
        self.files = files
        self.dryRun = dryRun
        stored = !dryRun && (skipInvalid || !outcomes.contains { $0.isRefused })
    }

    /// The rows that make a new link (created when ``stored``).
    public var new: Int { outcomes.filter(\.isNew).count }
    /// The links created.
    public var created: Int { stored ? new : 0 }
    /// The rows whose link was there already, with the same settings.
    public var unchanged: Int { outcomes.filter(\.isUnchanged).count }
    /// The rows refused.
    public var refused: Int { outcomes.filter(\.isRefused).count }

    /// What the files had that the links do not keep, and the old hosts whose links move to
    /// another host (a Firebase prefix that is not one of the site's link hosts), each note led
    /// by its file's name when there are several.
    public var fileNotes: [String] {
        files.flatMap { file in
            let name = file.rows.first?.file
            return notes(of: file).map { note in name.map { "\($0): \(note)" } ?? note }
        }
    }

    /// What `file` had that the links do not keep, then the old hosts of its rows whose links
    /// move to another host.
    public func notes(of file: LinkImportFile) -> [String] {
        file.notes + hostMoves(inFile: file.rows.first?.file)
    }

    /// One note per old host of the file whose links go to another host, in the file's order.
    private func hostMoves(inFile name: String?) -> [String] {
        var moves: [(from: String, to: String, count: Int)] = []
        for outcome in outcomes where outcome.row.file == name {
            guard let link = outcome.link, !outcome.isRefused, let old = LinkImport.oldHost(of: outcome.row), old != link.host else { continue }
            if let index = moves.firstIndex(where: { $0.from == old && $0.to == link.host }) {
                moves[index].count += 1
            } else {
                moves.append((old, link.host, 1))
            }
        }
        return moves.map { move in
            let links = move.count == 1 ? "its link moves" : "its \(move.count) links move"
            let why = move.from.hasSuffix(".page.link")
                ? "page.link domains are Google's, and stopped answering when Firebase Dynamic Links shut down"
                : "to keep the old addresses, add \(move.from) to hosts.links and point its DNS here"
            return "\(move.from): \(links) to \(move.to) (\(why))."
        }
    }

    /// One line per row (and per problem and note of a row): its place, the link, and what
    /// became of it.
    public var lines: [String] {
        var lines: [String] = []
        for outcome in outcomes {
            let place = outcome.row.place
            let from = outcome.row.source.flatMap { $0 == outcome.link?.url ? nil : "  (was \($0))" } ?? ""
            if let link = outcome.link, !outcome.isRefused {
                if outcome.isUnchanged {
                    lines.append("\(place)  \(link.url)  unchanged: there already, with the same settings")
                } else {
                    lines.append("\(place)  \(link.url)\(stored ? "" : dryRun ? "  (would be created)" : "  (not created)")\(from)")
                }
            }
            for problem in outcome.problems {
                lines.append("\(place)  error: " + (problem.column.map { "\(outcome.row.unit == "link" ? "field" : "column") \($0): " } ?? "") + problem.message)
            }
            for note in outcome.row.notes { lines.append("\(place)  note: \(note)") }
        }
        return lines
    }

    /// The report as JSON: the counts, each file's format and notes, and each row's link (`url`
    /// and `id` when stored or unchanged, `wouldBe` when not stored) or its problems.
    public var json: JSONValue {
        .object([
            ("dryRun", .bool(dryRun)),
            ("created", .integer(created)),
            ("unchanged", .integer(unchanged)),
            ("refused", .integer(refused)),
            ("files", .array(files.map { file in
                .object([
                    ("file", .optional(file.rows.first?.file)),
                    ("format", .string(file.format.rawValue)),
                    ("rows", .integer(file.rows.count)),
                    ("notes", .array(notes(of: file).map(JSONValue.string))),
                ])
            })),
            ("rows", .array(outcomes.map(rowJSON))),
        ])
    }

    private func rowJSON(_ outcome: LinkImport.Outcome) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let file = outcome.row.file { members.append(("file", .string(file))) }
        members.append(("row", .integer(outcome.row.number)))
        if let source = outcome.row.source { members.append(("source", .string(source))) }
        if let link = outcome.link, !outcome.isRefused {
            if outcome.isUnchanged {
                members += [("url", .string(link.url)), ("id", .string(link.id.rawValue)), ("unchanged", .bool(true))]
            } else if stored {
                members += [("url", .string(link.url)), ("id", .string(link.id.rawValue))]
            } else {
                members.append(("wouldBe", .string(link.url)))
            }
        }
        if outcome.isRefused {
            members.append(("problems", .array(outcome.problems.map { problem in
                .object([("column", .optional(problem.column)), ("message", .string(problem.message))])
            })))
        }
        if !outcome.row.notes.isEmpty { members.append(("notes", .array(outcome.row.notes.map(JSONValue.string)))) }
        return .object(members)
    }
}
