import Foundation
import LandfallLinks
import LandfallStorage

/// What `GET /links` was asked for: its query parameters `q`, `host`, `campaign`, `state`,
/// `sort` and `after`, checked, and back as the address of a page (``address(after:)``).
///
/// ```swift
/// let parameters = try LinkListParameters(["q": "winter", "sort": "clicks"], linkHosts: ["go.example.com"])
/// parameters.query(limit: 50, now: now)     // the storage's LinkQuery
/// parameters.address(after: cursor)         // "/links?q=winter&sort=clicks&after=…"
/// ```
struct LinkListParameters: Sendable, Hashable {
    /// `q`: text anywhere in the slug, title or destination (1–2 characters: the slug's start).
    var search: String?
    /// `host`: one of the site's link hosts.
    var host: String?
    /// `campaign`: a campaign name, exactly.
    var campaign: String?
    /// `state`: `active`, `disabled` or `expired`; all when absent or empty.
    var state: LinkState?
    /// `sort`: `newest` (the default), `oldest` or `clicks`.
    var sort: LinkQuery.Sort = .newest
    /// `after`: where the page starts, the text of a "Next page" link.
    var cursor: LinkCursor?

    /// The longest search text.
    static let longestSearch = 200

    /// Reads `parameters` (empty values count as absent).
    ///
    /// - Throws: ``PageProblem`` 400 naming each bad parameter and what it expects.
    init(_ parameters: [String: String], linkHosts: [String]) throws(PageProblem) {
        func value(_ name: String) -> String? {
            parameters[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        var problems: [String] = []
        search = value("q")
        if let search, search.count > Self.longestSearch {
            problems.append("q is \(search.count) characters long; search with at most \(Self.longestSearch).")
        }
        if let host = value("host") {
            if linkHosts.contains(host.lowercased()) {
                self.host = host.lowercased()
            } else if linkHosts.isEmpty {
                problems.append("host: this site has no link host, so there is nothing to filter by; leave host empty.")
            } else {
                problems.append("host must be \(Self.list(linkHosts)) (or empty for every host); '\(host)' is not.")
            }
        }
        campaign = value("campaign")
        if let text = value("state") {
            if let state = LinkState(rawValue: text) {
                self.state = state
            } else {
                problems.append("state must be \(Self.list(LinkState.allCases.map(\.rawValue))) (or empty for every state); '\(text)' is not.")
            }
        }
        if let text = value("sort") {
            if let sort = LinkQuery.Sort(rawValue: text) {
                self.sort = sort
            } else {
                problems.append("sort must be \(Self.list(LinkQuery.Sort.allCases.map(\.rawValue))); '\(text)' is not.")
            }
        }
        if let text = value("after") {
            if let cursor = LinkCursor(text), cursor.fits(sort) {
                self.cursor = cursor
            } else if LinkCursor(text) != nil {
                problems.append("after is the place in a list sorted another way than by \(sort.rawValue); start again from the first page.")
            } else {
                problems.append("after must be the place a Next page link gives, such as a link's id; '\(text)' is not.")
            }
        }
        guard problems.isEmpty else {
            throw PageProblem(.badRequest, title: "Bad request", message: problems.joined(separator: " "))
        }
    }

    /// Whether any filter is set (search, host, campaign or state).
    var filters: Bool {
        search != nil || host != nil || campaign != nil || state != nil
    }

    /// The storage's query for a page of `limit` links, states judged at `now`.
    func query(limit: Int, now: Date) -> LinkQuery {
        LinkQuery(limit: limit, host: host, campaignName: campaign, search: search, state: state, sort: sort, cursor: cursor, now: now)
    }

    /// `/links` with these parameters (those set) and `cursor` as `after`.
    func address(after cursor: LinkCursor?) -> String {
        let pairs: [(String, String?)] = [
            ("q", search), ("host", host), ("campaign", campaign), ("state", state?.rawValue),
            ("sort", sort == .newest ? nil : sort.rawValue), ("after", cursor?.description),
        ]
        var components = URLComponents()
        components.path = "/links"
        let items = pairs.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        components.queryItems = items.isEmpty ? nil : items
        // URLComponents leaves + and a few others as they are; a + would read back as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string ?? "/links"
    }

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ words: [String]) -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
