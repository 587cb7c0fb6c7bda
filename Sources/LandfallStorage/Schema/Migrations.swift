/// Every migration this binary knows, oldest first.
///
/// Columns that hold dates are integer milliseconds since 1970 (UTC) in both dialects; the
/// link's overrides, preview and campaign are columns of their own, and only `data` (the
/// app's key-value pairs) is JSON text.
enum Migrations {
    /// The migrations, in version order.
    static let all: [Migration] = [initial]

    /// The newest version: ``Storage/schemaVersion``.
    static var latestVersion: Int { all.last?.version ?? 0 }

    /// Version 1: links, their click counts and API keys.
    static let initial = Migration(
        version: 1,
        name: "links, click counts and API keys",
        sqlite: [
            """
            CREATE TABLE links (
                id TEXT NOT NULL PRIMARY KEY,
                host TEXT NOT NULL,
                slug TEXT NOT NULL,
                target TEXT NOT NULL,
                ios_url TEXT,
                android_url TEXT,
                desktop_url TEXT,
                preview_title TEXT,
                preview_description TEXT,
                preview_image_url TEXT,
                utm_source TEXT,
                utm_medium TEXT,
                utm_campaign TEXT,
                utm_term TEXT,
                utm_content TEXT,
                data TEXT NOT NULL DEFAULT '{}',
                expires_at INTEGER,
                max_clicks INTEGER,
                disabled BOOLEAN NOT NULL DEFAULT FALSE,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                click_count INTEGER NOT NULL DEFAULT 0
            )
            """,
            "CREATE UNIQUE INDEX links_host_slug ON links (host, slug)",
            "CREATE INDEX links_campaign ON links (utm_campaign)",
            """
            CREATE TABLE click_counts (
                link_id TEXT NOT NULL REFERENCES links (id) ON DELETE CASCADE,
                day TEXT NOT NULL,
                platform TEXT NOT NULL,
                referrer_host TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (link_id, day, platform, referrer_host)
            )
            """,
            """
            CREATE TABLE api_keys (
                id TEXT NOT NULL PRIMARY KEY,
                name TEXT NOT NULL,
                scope TEXT NOT NULL,
                secret_hash TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                revoked_at INTEGER,
                last_used_at INTEGER
            )
            """,
        ],
        postgres: [
            // COLLATE "C": ids, hosts and slugs compare byte by byte whatever the database's
            // locale, so that id order is time order and slug prefixes are ranges.
            """
            CREATE TABLE links (
                id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                host TEXT COLLATE "C" NOT NULL,
                slug TEXT COLLATE "C" NOT NULL,
                target TEXT NOT NULL,
                ios_url TEXT,
                android_url TEXT,
                desktop_url TEXT,
                preview_title TEXT,
                preview_description TEXT,
                preview_image_url TEXT,
                utm_source TEXT,
                utm_medium TEXT,
                utm_campaign TEXT,
                utm_term TEXT,
                utm_content TEXT,
                data TEXT NOT NULL DEFAULT '{}',
                expires_at BIGINT,
                max_clicks BIGINT,
                disabled BOOLEAN NOT NULL DEFAULT FALSE,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                click_count BIGINT NOT NULL DEFAULT 0
            )
            """,
            "CREATE UNIQUE INDEX links_host_slug ON links (host, slug)",
            "CREATE INDEX links_campaign ON links (utm_campaign)",
            """
            CREATE TABLE click_counts (
                link_id TEXT COLLATE "C" NOT NULL REFERENCES links (id) ON DELETE CASCADE,
                day TEXT NOT NULL,
                platform TEXT NOT NULL,
                referrer_host TEXT NOT NULL,
                count BIGINT NOT NULL,
                PRIMARY KEY (link_id, day, platform, referrer_host)
            )
            """,
            """
            CREATE TABLE api_keys (
                id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                name TEXT NOT NULL,
                scope TEXT NOT NULL,
                secret_hash TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                revoked_at BIGINT,
                last_used_at BIGINT
            )
            """,
        ]
    )
}
