import ArgumentParser

/// How the `invites` commands print invitations: `text` for people, `json` or `csv` for
/// machines and spreadsheets.
enum InvitationFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// Lines for people (coloured on a terminal).
    case text
    /// One JSON document, each invitation as the API writes it.
    case json
    /// The CSV of `GET /v1/invites?format=csv`, header first.
    case csv
}
