import Foundation
import LandfallLinks

/// A link's fields as its page lists them, in groups: the link (destinations, times, limits),
/// its preview, its campaign (`utm_*`) and the data it hands the app. Every value is text the
/// template escapes.
struct LinkPageFacts {
    /// One line: a name and its value, shown as code when it is a URL or a key.
    struct Row {
        var label: String
        var value: String
        var isCode = false
    }

    /// A group of lines under a heading, with what to say when it has none.
    struct Group {
        var heading: String
        var rows: [Row]
        var empty: String
    }

    let groups: [Group]

    init(_ link: ShortLink) {
        var basics = [Row(label: "Destination", value: link.target, isCode: true)]
        let platforms = ["ios": "On iPhone and iPad", "android": "On Android", "desktop": "On a computer"]
        for (field, url) in link.overrides.all {
            basics.append(Row(label: platforms[field] ?? field, value: url, isCode: true))
        }
        basics.append(Row(label: "Created", value: DashboardTime.second(link.createdAt)))
        basics.append(Row(label: "Updated", value: DashboardTime.second(link.updatedAt)))
        if let expiresAt = link.expiresAt { basics.append(Row(label: "Expires", value: DashboardTime.second(expiresAt))) }
        if let maxClicks = link.maxClicks { basics.append(Row(label: "Max clicks", value: "\(maxClicks)")) }
        basics.append(Row(label: "ID", value: link.id.rawValue, isCode: true))
        let preview = [("Title", link.preview.title, false), ("Description", link.preview.description, false),
                       ("Image", link.preview.imageURL, true), ("Card template", link.card, true)]
            .compactMap { label, value, isCode in value.map { Row(label: label, value: $0, isCode: isCode) } }
        let campaign = [("utm_source", link.campaign.source), ("utm_medium", link.campaign.medium), ("utm_campaign", link.campaign.name),
                        ("utm_term", link.campaign.term), ("utm_content", link.campaign.content)]
            .compactMap { label, value in value.map { Row(label: label, value: $0) } }
        let data = link.data.sorted { $0.key < $1.key }.map { Row(label: $0.key, value: $0.value, isCode: true) }
        groups = [
            Group(heading: "Link", rows: basics, empty: ""),
            Group(heading: "Preview", rows: preview, empty: "None: previews show the destination page's title, description and image."),
            Group(heading: "Campaign", rows: campaign, empty: "No campaign fields."),
            Group(heading: "Data for the app", rows: data, empty: "No data."),
        ]
    }

    /// The template's `groups`.
    var values: [[String: Any]] {
        groups.map { group in
            var values: [String: Any] = [
                "heading": group.heading, "empty": group.empty,
                "rows": group.rows.map { row -> [String: Any] in
                    var values: [String: Any] = ["label": row.label, "value": row.value]
                    if row.isCode { values["code"] = true }
                    return values
                },
            ]
            if !group.rows.isEmpty { values["hasRows"] = true }
            return values
        }
    }
}
