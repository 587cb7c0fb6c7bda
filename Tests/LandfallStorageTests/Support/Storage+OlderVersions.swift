import Foundation
import LandfallLinks
@testable import LandfallStorage
import SQLKit

extension Storage {
    /// Stores `links` as a binary of schema version 10 or older did, in a database opened with
    /// the migrations before ``Migrations/linkCards``: every column but `card`, which such a
    /// database does not have (``insert(_:)`` writes it).
    func insertAsBeforeLinkCards(_ links: [ShortLink]) async throws {
        let columns = ShortLink.columns.filter { $0 != "card" }
        let backend = try backend()
        try await backend.transaction { database in
            for link in links {
                let values = zip(ShortLink.columns, link.rowValues).filter { $0.0 != "card" }.map(\.1)
                try await database.insert(into: ShortLink.table).columns(columns).values(values).run()
            }
        }
    }
}

extension Storage {
    /// Every link of a database before ``Migrations/linkCards``, read as that version's
    /// binary read them (without `card`, so each names none), sorted by id.
    func linksAsBeforeLinkCards() async throws -> [ShortLink] {
        let columns = ShortLink.columns.map { $0 == "card" ? "NULL AS \"card\"" : "\"\($0)\"" }.joined(separator: ", ")
        let backend = try backend()
        return try await backend.transaction { database in
            try await database.raw(SQLQueryString("SELECT \(unsafeRaw: columns) FROM links ORDER BY id")).all().map { row in try ShortLink(row: row) }
        }
    }
}

extension [ShortLink] {
    /// The links sorted by id, as ``Storage/linksAsBeforeLinkCards()`` gives them.
    var byID: [ShortLink] { sorted { $0.id.rawValue < $1.id.rawValue } }
}
