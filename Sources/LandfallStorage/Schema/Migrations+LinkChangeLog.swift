extension Migrations {
    /// Version 10: the log of link changes on SQLite, `link_changes`, so that a server keeping
    /// links in memory hears of the changes other processes make to the same file (`landfall
    /// links create --data-dir`, an import, a restore's writer) within a quarter of a second,
    /// as PostgreSQL's `NOTIFY` tells other instances. It only adds a table.
    ///
    /// Each row is one ``LinkChange`` (`payload`: the JSON of a PostgreSQL notification, with the
    /// writer's origin), numbered in commit order (`seq`, never reused: SQLite has one writer at
    /// a time), with its time (`changed_at`, seconds) for pruning. PostgreSQL has no such table:
    /// its notifications reach every instance.
    static let linkChangeLog = Migration(
        version: 10,
        name: "the log of link changes (SQLite)",
        sqlite: [
            """
            CREATE TABLE link_changes (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                payload TEXT NOT NULL,
                changed_at INTEGER NOT NULL
            )
            """,
        ],
        postgres: []
    )
}
