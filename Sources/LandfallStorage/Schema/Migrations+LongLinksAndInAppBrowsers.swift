extension Migrations {
    /// Version 9: the visits of Firebase Dynamic Links long links, and the share of short links'
    /// clicks made in in-app browsers. It only adds tables: every click count stored before
    /// stays as it was and keeps counting (as clicks in no in-app browser).
    ///
    /// - `long_link_counts`: visits of long links by their `link` parameter, day, platform
    ///   (`crawler`: previews), referrer host, campaign and in-app browser (`''`: none). Long
    ///   links are not stored, so there is no foreign key; the key starts with the SHA-256 of
    ///   the link (``SHA256Hex``), as a link may be longer than PostgreSQL indexes a text.
    /// - `in_app_click_counts`: short links' clicks made in an in-app browser, by link, day and
    ///   app, beside `click_counts` (which counts them too): a side table rather than a column
    ///   of the click key, so the flush, the click journal and its fold, the webhooks' click
    ///   batches and the export are unchanged, and the few in-app clicks cost a row only where
    ///   there are any.
    ///
    /// Both are indexed by day, for the retention purge and a period's statistics.
    static let longLinksAndInAppBrowsers = Migration(
        version: 9,
        name: "long link visits and in-app browser clicks",
        sqlite: [
            """
            CREATE TABLE long_link_counts (
                link_hash TEXT NOT NULL,
                link TEXT NOT NULL,
                day TEXT NOT NULL,
                platform TEXT NOT NULL,
                referrer_host TEXT NOT NULL,
                campaign TEXT NOT NULL,
                in_app TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (link_hash, day, platform, referrer_host, campaign, in_app)
            )
            """,
            "CREATE INDEX long_link_counts_day ON long_link_counts (day)",
            """
            CREATE TABLE in_app_click_counts (
                link_id TEXT NOT NULL REFERENCES links (id) ON DELETE CASCADE,
                day TEXT NOT NULL,
                app TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (link_id, day, app)
            )
            """,
            "CREATE INDEX in_app_click_counts_day ON in_app_click_counts (day)",
        ],
        postgres: [
            """
            CREATE TABLE long_link_counts (
                link_hash TEXT COLLATE "C" NOT NULL,
                link TEXT NOT NULL,
                day TEXT NOT NULL,
                platform TEXT NOT NULL,
                referrer_host TEXT NOT NULL,
                campaign TEXT NOT NULL,
                in_app TEXT NOT NULL,
                count BIGINT NOT NULL,
                PRIMARY KEY (link_hash, day, platform, referrer_host, campaign, in_app)
            )
            """,
            "CREATE INDEX long_link_counts_day ON long_link_counts (day)",
            """
            CREATE TABLE in_app_click_counts (
                link_id TEXT COLLATE "C" NOT NULL REFERENCES links (id) ON DELETE CASCADE,
                day TEXT NOT NULL,
                app TEXT NOT NULL,
                count BIGINT NOT NULL,
                PRIMARY KEY (link_id, day, app)
            )
            """,
            "CREATE INDEX in_app_click_counts_day ON in_app_click_counts (day)",
        ]
    )
}
