import SQLKit

extension Storage {
    /// How the database would read `query`: the plan of each statement ``links(_:)`` may run
    /// for it (both steps of a text search), one line per step of the plan. SQLite's lines are
    /// `EXPLAIN QUERY PLAN`'s details (`SEARCH links USING INDEX links_host_id (host=?)`),
    /// PostgreSQL's `EXPLAIN`'s. The tests read them to show that an index serves each query.
    func linkQueryPlans(_ query: LinkQuery) async throws(StorageError) -> [[String]] {
        let kind = try backend().kind
        let listing = LinkListingSQL(query: query, kind: kind)
        let steps: [LinkListingSQL.Step?] = listing.searchesText ? [.window, .index] : [nil]
        return try await reading("explaining a list of links") { database in
            var plans: [[String]] = []
            for step in steps {
                let statement = listing.statement(step)
                let rows = try await database.raw((kind == .sqlite ? "EXPLAIN QUERY PLAN " : "EXPLAIN ") + statement).all()
                plans.append(try rows.map { row in
                    try row.decode(column: kind == .sqlite ? "detail" : "QUERY PLAN", as: String.self)
                })
            }
            return plans
        }
    }
}
