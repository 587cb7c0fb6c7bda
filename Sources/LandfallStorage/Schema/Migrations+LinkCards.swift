extension Migrations {
    /// Version 11: a short link's own share card, `links.card`: the name of a template of the
    /// site's `cards:` (``LandfallLinks/ShortLink/card``), or NULL for its target route's card.
    /// It only adds a nullable column: every link stored before reads as naming none.
    static let linkCards = Migration(
        version: 11,
        name: "short links' card templates",
        sqlite: ["ALTER TABLE links ADD COLUMN card TEXT"],
        postgres: ["ALTER TABLE links ADD COLUMN card TEXT"]
    )
}
