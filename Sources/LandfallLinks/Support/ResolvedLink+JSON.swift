import LandfallJSON
import LandfallWire

extension ResolvedLink {
    /// The link as the API writes it in a `POST /v1/claims` answer (the `ClaimedLink` schema):
    /// `{"url", "deepLink", "data", "campaign", "id"}`, in that order.
    ///
    /// `data` is an object with its keys sorted, `campaign` is ``Campaign/json`` (every field
    /// present, `null` when unset), and `id` is the short link's id or an explicit `null`.
    ///
    /// ```swift
    /// let link = ResolvedLink(url: "https://go.example.com/winter", deepLink: "https://example.com/puzzle")
    /// JSONWriter.compact.string(for: link.json)
    /// // {"url":"https://go.example.com/winter","deepLink":"https://example.com/puzzle","data":{},
    /// //  "campaign":{"source":null,"medium":null,"name":null,"term":null,"content":null},"id":null}
    /// ```
    public var json: JSONValue {
        .object([
            ("url", .string(url)),
            ("deepLink", .string(deepLink)),
            ("data", .sortedStrings(data)),
            ("campaign", campaign.json),
            ("id", .optional(id)),
        ])
    }

    /// The link as `GET /v1/resolve` answers it (the `Resolution` schema): ``json``, except that a
    /// link with no id (a Firebase Dynamic Links long link, which is not stored) has no `id`
    /// member at all.
    public var resolutionJSON: JSONValue {
        guard id == nil, case .object(let members) = json.kind else { return json }
        return JSONValue(.object(members.filter { $0.key != "id" }))
    }
}
