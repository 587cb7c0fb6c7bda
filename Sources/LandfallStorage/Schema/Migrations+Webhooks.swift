extension Migrations {
    /// Version 5: webhooks — the endpoints, and the transactional outbox of what is to be
    /// delivered to them. It only adds tables: every version-4 row stays as it was.
    ///
    /// - `webhook_endpoints`: a URL, the events it wants (`*` or type names separated by
    ///   spaces), its signing secret (and the previous one during the day after a rotation),
    ///   and whether it is disabled (by a person, or after failing for days).
    /// - `webhook_events`: each event once, with the JSON body every delivery of it sends.
    /// - `webhook_deliveries`: one event for one endpoint: `pending` (due at `next_attempt_at`;
    ///   an instance delivering it has moved that time past its lease), `delivered` or `failed`.
    ///   `attempts` numbers every attempt ever made; `round_start` is its value when the current
    ///   round began (a redelivery starts a new round of retries).
    /// - `webhook_attempts`: each attempt's time, duration, status code or error, and the
    ///   first KB of the answer.
    /// - `webhook_pending_clicks`: clicks counted for each endpoint that wants `link.clicked`,
    ///   written with the click counts, and turned into one event every few seconds.
    static let webhooks = Migration(
        version: 5,
        name: "webhook endpoints and their outbox",
        sqlite: webhookTables(integer: "INTEGER"),
        postgres: webhookTables(integer: "BIGINT")
    )

    private static func webhookTables(integer: String) -> [String] {
        [
            """
            CREATE TABLE webhook_endpoints (
                id TEXT NOT NULL PRIMARY KEY,
                url TEXT NOT NULL,
                events TEXT NOT NULL,
                description TEXT NOT NULL DEFAULT '',
                secret TEXT NOT NULL,
                previous_secret TEXT,
                previous_secret_expires_at \(integer),
                created_at \(integer) NOT NULL,
                updated_at \(integer) NOT NULL,
                disabled_at \(integer),
                disabled_reason TEXT,
                failing_since \(integer),
                last_success_at \(integer)
            )
            """,
            """
            CREATE TABLE webhook_events (
                id TEXT NOT NULL PRIMARY KEY,
                type TEXT NOT NULL,
                occurred_at \(integer) NOT NULL,
                body TEXT NOT NULL
            )
            """,
            "CREATE INDEX webhook_events_occurred ON webhook_events (occurred_at)",
            """
            CREATE TABLE webhook_deliveries (
                id TEXT NOT NULL PRIMARY KEY,
                endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
                event_id TEXT NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
                status TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                round_start INTEGER NOT NULL DEFAULT 0,
                next_attempt_at \(integer),
                created_at \(integer) NOT NULL,
                last_attempt_at \(integer),
                last_status_code INTEGER,
                last_error TEXT,
                completed_at \(integer)
            )
            """,
            "CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'",
            "CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id)",
            "CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id)",
            "CREATE INDEX webhook_deliveries_completed ON webhook_deliveries (completed_at) WHERE completed_at IS NOT NULL",
            """
            CREATE TABLE webhook_attempts (
                delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
                number INTEGER NOT NULL,
                attempted_at \(integer) NOT NULL,
                duration_ms INTEGER NOT NULL,
                status_code INTEGER,
                error TEXT,
                response_excerpt TEXT NOT NULL DEFAULT '',
                PRIMARY KEY (delivery_id, number)
            )
            """,
            """
            CREATE TABLE webhook_pending_clicks (
                endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
                link_id TEXT NOT NULL,
                host TEXT NOT NULL,
                slug TEXT NOT NULL,
                day TEXT NOT NULL,
                platform TEXT NOT NULL,
                referrer_host TEXT NOT NULL,
                count INTEGER NOT NULL,
                first_at \(integer) NOT NULL,
                PRIMARY KEY (endpoint_id, link_id, day, platform, referrer_host)
            )
            """,
        ]
    }
}
