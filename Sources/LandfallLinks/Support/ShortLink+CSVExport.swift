import Foundation

extension ShortLink {
    /// The header of a CSV file of links that `landfall links import` (`LinkCSVImport`)
    /// reads back to the same links: every field of ``LinkDraft/flatFields``, then
    /// `data.KEY` for each of `dataKeys` (in their order).
    ///
    /// ```swift
    /// ShortLink.csvExportHeader(dataKeys: ["puzzle"]).suffix(2) // ["disabled", "data.puzzle"]
    /// ```
    public static func csvExportHeader(dataKeys: [String]) -> [String] {
        LinkDraft.flatFields + dataKeys.map { "data." + $0 }
    }

    /// The link's cells under ``csvExportHeader(dataKeys:)``: a field left out is empty, the
    /// expiry is RFC 3339 (``APITime``), `disabled` is `true` or `false`; a data key the link
    /// does not have is empty.
    public func csvExportRow(dataKeys: [String]) -> [String] {
        var cells: [String] = []
        for field in LinkDraft.flatFields {
            switch field {
            case "target": cells.append(target)
            case "slug": cells.append(slug)
            case "host": cells.append(host)
            case "overrides.ios": cells.append(overrides.ios ?? "")
            case "overrides.android": cells.append(overrides.android ?? "")
            case "overrides.desktop": cells.append(overrides.desktop ?? "")
            case "preview.title": cells.append(preview.title ?? "")
            case "preview.description": cells.append(preview.description ?? "")
            case "preview.imageURL": cells.append(preview.imageURL ?? "")
            case "campaign.source": cells.append(campaign.source ?? "")
            case "campaign.medium": cells.append(campaign.medium ?? "")
            case "campaign.name": cells.append(campaign.name ?? "")
            case "campaign.term": cells.append(campaign.term ?? "")
            case "campaign.content": cells.append(campaign.content ?? "")
            case "expiresAt": cells.append(expiresAt.map(APITime.string) ?? "")
            case "maxClicks": cells.append(maxClicks.map(String.init) ?? "")
            case "disabled": cells.append(isDisabled ? "true" : "false")
            case "card": cells.append(card ?? "")
            default: cells.append("")
            }
        }
        return cells + dataKeys.map { data[$0] ?? "" }
    }
}
