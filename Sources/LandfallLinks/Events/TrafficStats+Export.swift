import AppSiteAssociation
import LandfallJSON

extension TrafficStats {
    /// The statistics as the API returns them (the `TrafficStats` schema of
    /// `openapi/landfall.yaml`); `linkID` first for one link's statistics.
    ///
    /// ```json
    /// {"clicks": 3, "previews": 1, "installs": 1, "opens": 2,
    ///  "funnel": {"clicks": 3, "installs": 1, "opens": 2},
    ///  "installsByMatch": {"strong": 1, "weak": 0},
    ///  "events": {"click": 3, "open": 1, "first_open": 1, "claim": 1, "redemption": 0},
    ///  "byDay": [{"key": "2026-11-21", "count": 3, "installs": 1, "opens": 2}],
    ///  "byPlatform": [{"key": "ios", "count": 3, "installs": 1, "opens": 2}, {"key": "crawler", "count": 1, "installs": 0, "opens": 0}],
    ///  "byReferrer": [...], "byCampaign": [...],
    ///  "byLongLink": [{"link": "https://daily.example.com/puzzle/2026-11-21", "clicks": 2, "previews": 1}],
    ///  "byInAppBrowser": [{"key": "Instagram", "count": 1}]}
    /// ```
    public var jsonValue: JSONValue {
        func buckets(_ list: [Bucket]) -> JSONValue {
            .array(list.map {
                .object([("key", .string($0.key)), ("count", .integer($0.count)), ("installs", .integer($0.installs)), ("opens", .integer($0.opens))])
            })
        }
        var members: [(String, JSONValue)] = []
        if let linkID { members.append(("linkID", .string(linkID.rawValue))) }
        members += [
            ("clicks", .integer(clicks)),
            ("previews", .integer(previews)),
            ("installs", .integer(installs)),
            ("opens", .integer(opens)),
            ("funnel", .object([("clicks", .integer(clicks)), ("installs", .integer(installs)), ("opens", .integer(opens))])),
            ("installsByMatch", .object([("strong", .integer(strongInstalls)), ("weak", .integer(weakInstalls))])),
            ("events", .object(EventType.allCases.map { ($0.rawValue, .integer(events[$0, default: 0])) })),
            ("byDay", buckets(byDay)),
            ("byPlatform", buckets(byPlatform)),
            ("byReferrer", buckets(byReferrer)),
            ("byCampaign", buckets(byCampaign)),
            ("byLongLink", .array(byLongLink.map {
                .object([("link", .string($0.link)), ("clicks", .integer($0.clicks)), ("previews", .integer($0.previews))])
            })),
            ("byInAppBrowser", .array(byInAppBrowser.map { .object([("key", .string($0.key)), ("count", .integer($0.count))]) })),
        ]
        return .object(members)
    }

    /// The columns of the CSV export.
    public static let csvHeader = ["day", "type", "platform", "referrer", "campaign", "detail", "count"]

    /// The rows summed, as CSV: the ``csvHeader`` line, then one line per ``TrafficCount``
    /// (previews are `click` rows of platform `crawler`), sorted by day, type, platform,
    /// referrer, campaign and detail; safe to open in a spreadsheet (``CSVTable``).
    ///
    /// ```
    /// day,type,platform,referrer,campaign,detail,count
    /// 2026-11-21,claim,ios,,winter-league,strong,1
    /// 2026-11-21,click,ios,t.co,winter-league,,3
    /// ```
    public var csv: String {
        let rows = counts
            .map { [$0.day, $0.type.rawValue, $0.platform.rawValue, $0.referrerHost, $0.campaign, $0.detail, String($0.count)] }
            .sorted { $0.lexicographicallyPrecedes($1) }
        return CSVTable(header: Self.csvHeader, rows: rows).text
    }
}
