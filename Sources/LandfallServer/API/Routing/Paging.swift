import Hummingbird
import LandfallJSON

/// The paging of the API's lists (`GET /v1/links`, `GET /v1/invites`, the invitation audit):
/// `limit` items at a time, the next page from the `nextCursor` of the previous one.
///
/// A list asks storage for one item more than `limit`: when it comes, there is a next page,
/// and the last item of this one is its cursor.
struct Paging {
    /// How many items a page holds.
    let limit: Int

    /// Reads `limit` from the query: a whole number in `allowed`, `defaultLimit` when absent.
    ///
    /// - Throws: ``APIError`` 400 `invalid_body` for `limit` outside `allowed`.
    init(_ parameters: Parameters, allowed: ClosedRange<Int>, defaultLimit: Int) throws(APIError) {
        limit = try parameters.wholeNumber("limit", in: allowed, default: defaultLimit)
    }

    /// How many items to ask storage for: one more than a page.
    var fetchLimit: Int { limit + 1 }

    /// The `cursor` of the query read by `parse`; `nil` when absent.
    ///
    /// - Throws: ``APIError`` 400 `invalid_body` for a cursor `parse` does not accept.
    static func cursor<Cursor>(_ parameters: Parameters, _ parse: (String) -> Cursor?) throws(APIError) -> Cursor? {
        guard let text = parameters["cursor"].map(String.init) else { return nil }
        guard let cursor = parse(text) else {
            throw APIError(.badRequest, .invalidBody, "cursor must be the nextCursor of a previous page.", field: "cursor")
        }
        return cursor
    }

    /// This page of `found` (fetched with ``fetchLimit``) and the cursor of the next one
    /// (`null` on the last page).
    func page<Item>(_ found: [Item], cursor: (Item) -> String) -> (items: [Item], nextCursor: JSONValue) {
        let items = Array(found.prefix(limit))
        return (items, .optional(found.count > limit ? items.last.map(cursor) : nil))
    }
}
