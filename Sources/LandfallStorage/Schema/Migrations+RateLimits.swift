extension Migrations {
    /// Version 6: token buckets shared by the instances on one database (the invitation-guess
    /// throttle, the API's and the dashboard sign-in's limits per client address, on
    /// PostgreSQL; ``Storage/takeToken(_:limit:at:)``). It only adds a table.
    ///
    /// `rate_limit_buckets` holds one row per bucket that is not full: its key (the limit's
    /// name and the client's address), the tokens it held at `updated_at` (milliseconds), when
    /// it is full again at the limit's rate (`full_at`: a row past it says nothing a missing
    /// row does not, so it may be deleted), and whether the last take was granted (what the
    /// taking statement returns). Only buckets used within their refill time (minutes) have
    /// rows, so the table stays small and is purged by a scan, without an index.
    static let rateLimits = Migration(
        version: 6,
        name: "shared rate limit buckets",
        sqlite: [
            """
            CREATE TABLE rate_limit_buckets (
                bucket TEXT NOT NULL PRIMARY KEY,
                tokens REAL NOT NULL,
                updated_at INTEGER NOT NULL,
                full_at INTEGER NOT NULL,
                granted BOOLEAN NOT NULL
            )
            """,
        ],
        postgres: [
            """
            CREATE TABLE rate_limit_buckets (
                bucket TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                tokens DOUBLE PRECISION NOT NULL,
                updated_at BIGINT NOT NULL,
                full_at BIGINT NOT NULL,
                granted BOOLEAN NOT NULL
            )
            """,
        ]
    )
}
