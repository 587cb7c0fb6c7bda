extension Migrations {
    /// Version 8: an index of `click_counts` by day, for what reads the counts of a range of
    /// days over all links: the retention purge (``Storage/purgeClickCounts(before:batchSize:)``)
    /// and the traffic of a period (``Storage/trafficCounts(_:)``).
    ///
    /// The table's key starts with the link, so without it each batch of the purge read the
    /// table from its start until it had found its rows: the further the purge got, the more
    /// rows each batch passed over again (with a year of a million links' counts, a purge that
    /// would not end), and a period's traffic read every count ever kept. New counts add their
    /// entry at the end of the index (days only grow), so clicks cost little more to store.
    static let clickCountsByDay = Migration(
        version: 8,
        name: "click counts by day",
        sqlite: ["CREATE INDEX click_counts_day ON click_counts (day)"],
        postgres: ["CREATE INDEX click_counts_day ON click_counts (day)"]
    )
}
