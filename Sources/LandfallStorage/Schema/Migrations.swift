/// Every migration this binary knows, oldest first.
///
/// Columns that hold dates are integer milliseconds since 1970 (UTC) in both dialects; the
/// link's overrides, preview and campaign are columns of their own, and only `data` (the
/// app's key-value pairs, of links and of claims) is JSON text.
enum Migrations {
    /// The migrations, in version order.
    static let all: [Migration] = [
        initial, invitationsClaimsEvents, dashboard, linkSearch, webhooks, rateLimits, clickJournal, clickCountsByDay, longLinksAndInAppBrowsers,
        linkChangeLog, linkCards,
    ]

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

    /// Version 2: invitations and their audit log, pending deferred-link claims and the daily
    /// address salts, analytics events and the runtime settings. It only adds tables: every
    /// version-1 row stays as it was.
    ///
    /// - `invites`: keyed by the normalized code; listed by `(created_at, code)`, filtered by
    ///   `batch_id`.
    /// - `invite_audit`: appended to; `id` orders entries written in the same millisecond.
    /// - `claims`: keyed by the token; weak matching looks up `(platform, address_hash,
    ///   created_at)`, the purge `expires_at`. `link_id` is no foreign key: a claim outlives
    ///   a deleted link (it still knows where to go).
    /// - `address_salts`: one salt (64 hexadecimal digits) per UTC day.
    /// - `events`: keyed by the event's id (a replay is ignored); `link_id` is no foreign key
    ///   either, so a deleted link's events still count in the totals.
    /// - `settings`: one row per setting, its value as text.
    static let invitationsClaimsEvents = Migration(
        version: 2,
        name: "invitations, deferred-link claims, events and settings",
        sqlite: [
            """
            CREATE TABLE invites (
                code TEXT NOT NULL PRIMARY KEY,
                batch_id TEXT NOT NULL,
                uses INTEGER NOT NULL,
                redeemed INTEGER NOT NULL DEFAULT 0,
                expires_at INTEGER,
                note TEXT,
                campaign TEXT,
                created_at INTEGER NOT NULL,
                revoked_at INTEGER
            )
            """,
            "CREATE INDEX invites_batch ON invites (batch_id)",
            "CREATE INDEX invites_created ON invites (created_at, code)",
            """
            CREATE TABLE invite_audit (
                id INTEGER NOT NULL PRIMARY KEY,
                occurred_at INTEGER NOT NULL,
                action TEXT NOT NULL,
                code TEXT NOT NULL,
                reason TEXT,
                address_hash TEXT
            )
            """,
            "CREATE INDEX invite_audit_occurred ON invite_audit (occurred_at, id)",
            """
            CREATE TABLE claims (
                token TEXT NOT NULL PRIMARY KEY,
                url TEXT NOT NULL,
                deep_link TEXT NOT NULL,
                link_id TEXT,
                data TEXT NOT NULL DEFAULT '{}',
                utm_source TEXT,
                utm_medium TEXT,
                utm_campaign TEXT,
                utm_term TEXT,
                utm_content TEXT,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                address_hash TEXT NOT NULL,
                platform TEXT NOT NULL,
                os_version TEXT,
                language TEXT,
                screen TEXT,
                claimed_at INTEGER,
                match_kind TEXT
            )
            """,
            "CREATE INDEX claims_weak ON claims (platform, address_hash, created_at)",
            "CREATE INDEX claims_expires ON claims (expires_at)",
            """
            CREATE TABLE address_salts (
                day TEXT NOT NULL PRIMARY KEY,
                salt TEXT NOT NULL
            )
            """,
            """
            CREATE TABLE events (
                id TEXT NOT NULL PRIMARY KEY,
                type TEXT NOT NULL,
                occurred_at INTEGER NOT NULL,
                day TEXT NOT NULL,
                platform TEXT NOT NULL,
                link_id TEXT,
                url TEXT,
                campaign TEXT NOT NULL DEFAULT '',
                detail TEXT NOT NULL DEFAULT ''
            )
            """,
            "CREATE INDEX events_day ON events (day)",
            "CREATE INDEX events_link ON events (link_id, day)",
            """
            CREATE TABLE settings (
                key TEXT NOT NULL PRIMARY KEY,
                value TEXT NOT NULL,
                updated_at INTEGER NOT NULL
            )
            """,
        ],
        postgres: [
            """
            CREATE TABLE invites (
                code TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                batch_id TEXT COLLATE "C" NOT NULL,
                uses BIGINT NOT NULL,
                redeemed BIGINT NOT NULL DEFAULT 0,
                expires_at BIGINT,
                note TEXT,
                campaign TEXT,
                created_at BIGINT NOT NULL,
                revoked_at BIGINT
            )
            """,
            "CREATE INDEX invites_batch ON invites (batch_id)",
            "CREATE INDEX invites_created ON invites (created_at, code)",
            """
            CREATE TABLE invite_audit (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                occurred_at BIGINT NOT NULL,
                action TEXT NOT NULL,
                code TEXT NOT NULL,
                reason TEXT,
                address_hash TEXT
            )
            """,
            "CREATE INDEX invite_audit_occurred ON invite_audit (occurred_at, id)",
            """
            CREATE TABLE claims (
                token TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                url TEXT NOT NULL,
                deep_link TEXT NOT NULL,
                link_id TEXT COLLATE "C",
                data TEXT NOT NULL DEFAULT '{}',
                utm_source TEXT,
                utm_medium TEXT,
                utm_campaign TEXT,
                utm_term TEXT,
                utm_content TEXT,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL,
                address_hash TEXT COLLATE "C" NOT NULL,
                platform TEXT COLLATE "C" NOT NULL,
                os_version TEXT,
                language TEXT,
                screen TEXT,
                claimed_at BIGINT,
                match_kind TEXT
            )
            """,
            "CREATE INDEX claims_weak ON claims (platform, address_hash, created_at)",
            "CREATE INDEX claims_expires ON claims (expires_at)",
            """
            CREATE TABLE address_salts (
                day TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                salt TEXT NOT NULL
            )
            """,
            """
            CREATE TABLE events (
                id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                type TEXT COLLATE "C" NOT NULL,
                occurred_at BIGINT NOT NULL,
                day TEXT COLLATE "C" NOT NULL,
                platform TEXT COLLATE "C" NOT NULL,
                link_id TEXT COLLATE "C",
                url TEXT,
                campaign TEXT COLLATE "C" NOT NULL DEFAULT '',
                detail TEXT COLLATE "C" NOT NULL DEFAULT ''
            )
            """,
            "CREATE INDEX events_day ON events (day)",
            "CREATE INDEX events_link ON events (link_id, day)",
            """
            CREATE TABLE settings (
                key TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                value TEXT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
        ]
    )

    /// Version 3: the dashboard's people, their sessions and its audit log, and an index of
    /// links by clicks (the dashboard's top links). It only adds: every version-2 row stays as
    /// it was.
    ///
    /// - `dashboard_users`: keyed by a random id; the email (lowercased) is unique.
    /// - `dashboard_sessions`: keyed by the SHA-256 of the cookie's secret; a user's sessions
    ///   go with the user. The purge reads `expires_at` (and `last_seen_at`).
    /// - `dashboard_audit`: appended to; `id` orders the entries. `user_id` is no foreign key,
    ///   and `actor` keeps the email: an entry outlives its user.
    static let dashboard = Migration(
        version: 3,
        name: "dashboard users, sessions and audit log",
        sqlite: [
            """
            CREATE TABLE dashboard_users (
                id TEXT NOT NULL PRIMARY KEY,
                email TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                role TEXT NOT NULL,
                password_hash TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                password_changed_at INTEGER NOT NULL,
                disabled_at INTEGER,
                last_sign_in_at INTEGER,
                failed_sign_ins INTEGER NOT NULL DEFAULT 0,
                last_failed_sign_in_at INTEGER
            )
            """,
            """
            CREATE TABLE dashboard_sessions (
                token_hash TEXT NOT NULL PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES dashboard_users (id) ON DELETE CASCADE,
                csrf_token TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                last_seen_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                user_agent TEXT NOT NULL
            )
            """,
            "CREATE INDEX dashboard_sessions_user ON dashboard_sessions (user_id)",
            "CREATE INDEX dashboard_sessions_expires ON dashboard_sessions (expires_at)",
            "CREATE INDEX links_click_count ON links (click_count, id)",
            """
            CREATE TABLE dashboard_audit (
                id INTEGER NOT NULL PRIMARY KEY,
                occurred_at INTEGER NOT NULL,
                actor TEXT NOT NULL,
                user_id TEXT,
                action TEXT NOT NULL,
                subject TEXT NOT NULL,
                before_value TEXT,
                after_value TEXT
            )
            """,
        ],
        postgres: [
            """
            CREATE TABLE dashboard_users (
                id TEXT NOT NULL PRIMARY KEY,
                email TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                role TEXT NOT NULL,
                password_hash TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                password_changed_at BIGINT NOT NULL,
                disabled_at BIGINT,
                last_sign_in_at BIGINT,
                failed_sign_ins INTEGER NOT NULL DEFAULT 0,
                last_failed_sign_in_at BIGINT
            )
            """,
            """
            CREATE TABLE dashboard_sessions (
                token_hash TEXT NOT NULL PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES dashboard_users (id) ON DELETE CASCADE,
                csrf_token TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                last_seen_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL,
                user_agent TEXT NOT NULL
            )
            """,
            "CREATE INDEX dashboard_sessions_user ON dashboard_sessions (user_id)",
            "CREATE INDEX dashboard_sessions_expires ON dashboard_sessions (expires_at)",
            "CREATE INDEX links_click_count ON links (click_count, id)",
            """
            CREATE TABLE dashboard_audit (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                occurred_at BIGINT NOT NULL,
                actor TEXT NOT NULL,
                user_id TEXT,
                action TEXT NOT NULL,
                subject TEXT NOT NULL,
                before_value TEXT,
                after_value TEXT
            )
            """,
        ]
    )

    /// Version 4: the dashboard's list of links — a search index and an index for each filter
    /// and order (``LinkListingSQL``). It only adds indexes (and replaces `links_campaign` by
    /// one that also orders): every version-3 row stays as it was, and the search index is
    /// filled with the links already there.
    ///
    /// - `links_host_id`, `links_host_clicks`: one host's links newest/oldest or most clicked first.
    /// - `links_campaign_id`, `links_campaign_clicks`: the same for a campaign.
    /// - `links_slug`: search text of 1 or 2 characters (a slug prefix).
    /// - `links_disabled`, `links_expiring` (and their `_clicks` twins for the most clicked
    ///   order): partial indexes of the disabled links and of the links that can expire (a date
    ///   or a maximum of clicks), for the state filters. Expired links are found among those
    ///   that can expire: fast while they are not most of the links.
    /// - SQLite: `links_search`, an FTS5 table with the trigram tokenizer over the slug, the
    ///   preview title and the target, with `links` as its external content (keyed by its
    ///   rowid), kept in step by three triggers (a click count's change does not touch it).
    ///   Filled by `rebuild`.
    /// - PostgreSQL: `pg_trgm` and a GIN index on each of the three columns. The extension is
    ///   trusted since PostgreSQL 13, but a server may refuse it (a role without CREATE on the
    ///   database, a managed service): then each step is caught in a block of its own (a
    ///   subtransaction, so the migration's transaction goes on), a notice says so, and a
    ///   search reads the links without the index.
    static let linkSearch = Migration(
        version: 4,
        name: "indexes for the list of links and its search",
        sqlite: sharedLinkListIndexes + [
            "CREATE VIRTUAL TABLE links_search USING fts5(slug, preview_title, target, content='links', content_rowid='rowid', tokenize='trigram')",
            """
            CREATE TRIGGER links_search_insert AFTER INSERT ON links BEGIN
                INSERT INTO links_search (rowid, slug, preview_title, target) VALUES (new.rowid, new.slug, new.preview_title, new.target);
            END
            """,
            """
            CREATE TRIGGER links_search_delete AFTER DELETE ON links BEGIN
                INSERT INTO links_search (links_search, rowid, slug, preview_title, target) VALUES ('delete', old.rowid, old.slug, old.preview_title, old.target);
            END
            """,
            """
            CREATE TRIGGER links_search_update AFTER UPDATE OF slug, preview_title, target ON links BEGIN
                INSERT INTO links_search (links_search, rowid, slug, preview_title, target) VALUES ('delete', old.rowid, old.slug, old.preview_title, old.target);
                INSERT INTO links_search (rowid, slug, preview_title, target) VALUES (new.rowid, new.slug, new.preview_title, new.target);
            END
            """,
            "INSERT INTO links_search (links_search) VALUES ('rebuild')",
        ],
        postgres: sharedLinkListIndexes + [
            """
            DO $$
            BEGIN
                BEGIN
                    CREATE EXTENSION IF NOT EXISTS pg_trgm;
                EXCEPTION WHEN OTHERS THEN
                    RAISE NOTICE 'landfall: pg_trgm could not be installed (%); searching links reads them all', SQLERRM;
                END;
                BEGIN
                    CREATE INDEX links_slug_trgm ON links USING gin (slug gin_trgm_ops);
                    CREATE INDEX links_title_trgm ON links USING gin (preview_title gin_trgm_ops);
                    CREATE INDEX links_target_trgm ON links USING gin (target gin_trgm_ops);
                EXCEPTION WHEN OTHERS THEN
                    RAISE NOTICE 'landfall: no trigram indexes for searching links (%); searching links reads them all', SQLERRM;
                END;
            END
            $$
            """,
        ]
    )

    /// The indexes of version 4 both dialects write the same way.
    private static let sharedLinkListIndexes = [
        "DROP INDEX links_campaign",
        "CREATE INDEX links_campaign_id ON links (utm_campaign, id)",
        "CREATE INDEX links_host_id ON links (host, id)",
        "CREATE INDEX links_host_clicks ON links (host, click_count, id)",
        "CREATE INDEX links_slug ON links (slug)",
        "CREATE INDEX links_campaign_clicks ON links (utm_campaign, click_count, id)",
        "CREATE INDEX links_disabled ON links (id) WHERE disabled",
        "CREATE INDEX links_disabled_clicks ON links (click_count, id) WHERE disabled",
        "CREATE INDEX links_expiring ON links (id) WHERE expires_at IS NOT NULL OR max_clicks IS NOT NULL",
        "CREATE INDEX links_expiring_clicks ON links (click_count, id) WHERE expires_at IS NOT NULL OR max_clicks IS NOT NULL",
    ]
}
