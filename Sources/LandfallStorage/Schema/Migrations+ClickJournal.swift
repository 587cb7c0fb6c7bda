extension Migrations {
    /// Version 7: the click journal, where a flush of clicks spread over many links is
    /// appended in one pass (``Storage/record(_:alreadyCounted:journalAbove:)``) and from which
    /// ``Storage/foldClickJournal(upTo:)`` adds them to `click_counts` and the links' click
    /// counts in the background. It only adds a table.
    ///
    /// Each row is one count of a link, a day, a platform and a referrer host (`clicks`), and
    /// how many of those clicks are still to be added to the link's `click_count` (`people`:
    /// crawlers' clicks and those a click limit already counted are not). `id` is the order
    /// of arrival: rows are appended at its end and folded from its start, so both touch a
    /// few pages of the table, however many links the clicks are spread over. There is no
    /// foreign key: clicks of a link deleted before the fold are dropped by it.
    static let clickJournal = Migration(
        version: 7,
        name: "click journal",
        sqlite: [
            """
            CREATE TABLE click_journal (
                id INTEGER NOT NULL PRIMARY KEY,
                link_id TEXT NOT NULL,
                day TEXT NOT NULL,
                platform TEXT NOT NULL,
                referrer_host TEXT NOT NULL,
                clicks INTEGER NOT NULL,
                people INTEGER NOT NULL
            )
            """,
        ],
        postgres: [
            """
            CREATE TABLE click_journal (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                link_id TEXT COLLATE "C" NOT NULL,
                day TEXT NOT NULL,
                platform TEXT NOT NULL,
                referrer_host TEXT NOT NULL,
                clicks BIGINT NOT NULL,
                people BIGINT NOT NULL
            )
            """,
        ]
    )
}
