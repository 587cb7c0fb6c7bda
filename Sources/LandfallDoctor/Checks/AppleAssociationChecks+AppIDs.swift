import AppSiteAssociation
import LandfallJSON

/// `aasa.app-id` and `aasa.apps`: which apps the file's `applinks` details list, and where.
extension AppleAssociationChecks {
    /// One app ID as a detail of `applinks` lists it.
    struct Listing: Sendable, Hashable {
        /// The app ID as written.
        var appID: String
        /// The detail listing it: `applinks.details[1]` (or `applinks.details["<app ID>"]` in
        /// the oldest form).
        var detail: JSONPath

        /// Every app ID of every detail, in file order, repeats included (one per detail).
        static func all(in file: AssociationFile) -> [Listing] {
            guard let service = file.appLinks else { return [] }
            return service.details.enumerated().flatMap { index, detail in
                let place: JSONPath.Component = service.detailsForm == .keyedByAppID ? .key(detail.appID ?? "") : .index(index)
                let path = JSONPath([.key("applinks"), .key("details"), place])
                var seen = Set<String>()
                return detail.effectiveAppIDs.filter { seen.insert($0).inserted }.map { Listing(appID: $0, detail: path) }
            }
        }
    }

    /// `aasa.app-id`: whether `appID` is listed, and if not, what the file lists instead.
    static func appIDCheck(_ appID: String, listings: [Listing], file: AssociationFile, host: String) -> DoctorCheck {
        let places = listings.filter { $0.appID == appID }.map(\.detail)
        if !places.isEmpty {
            return DoctorCheck(id: "aasa.app-id", status: .pass, title: appIDTitle(appID),
                               detail: "listed in " + places.map(\.description).joined(separator: " and "))
        }
        var listed: [String] = []
        for listing in listings where !listed.contains(listing.appID) { listed.append(listing.appID) }
        var detail = "applinks does not list \(appID); " + (listed.isEmpty ? "it lists no app" : "it lists \(listed.joined(separator: ", "))")
        var fix = "add \"\(appID)\" to applinks.details[].appIDs"
        if let near = nearMiss(for: appID, among: listings) {
            detail = "applinks does not list \(appID); the file lists \(near.listing.appID) (in \(near.listing.detail)): \(near.reason)"
            fix = near.fix
        }
        let elsewhere = otherServices(listing: appID, in: file)
        if !elsewhere.isEmpty {
            detail += " (it is listed under \(elsewhere.joined(separator: " and ")), which does not open links)"
        }
        return DoctorCheck(id: "aasa.app-id", status: .fail, title: appIDTitle(appID), detail: detail,
                           notes: listed.isEmpty ? [] : ["apps listed on \(host): " + listed.joined(separator: ", ")], fix: fix)
    }

    /// `aasa.apps`: the apps `applinks` lists, when none was asked about.
    static func appsCheck(_ listings: [Listing], host: String) -> DoctorCheck {
        guard !listings.isEmpty else {
            return DoctorCheck(
                id: "aasa.apps", status: .fail, title: appsTitle,
                detail: "applinks lists no app ID: no app can open these links",
                fix: "list your app in applinks.details[].appIDs as \"<Team ID>.<bundle ID>\""
            )
        }
        var order: [String] = []
        var places: [String: [String]] = [:]
        for listing in listings {
            if places[listing.appID] == nil { order.append(listing.appID) }
            places[listing.appID, default: []].append(listing.detail.description)
        }
        return DoctorCheck(
            id: "aasa.apps", status: .pass, title: appsTitle,
            detail: "applinks lists \(order.count) app\(order.count == 1 ? "" : "s") that can open links on \(host)",
            notes: order.map { "\($0) (\(places[$0, default: []].joined(separator: ", ")))" }
        )
    }

    /// A listed app ID that is probably the one meant: the same bundle ID under another Team ID,
    /// the same ID in another case, or one a few edits away.
    static func nearMiss(for appID: String, among listings: [Listing]) -> (listing: Listing, reason: String, fix: String)? {
        let (team, bundle) = split(appID)
        if !bundle.isEmpty, let other = listings.first(where: { split($0.appID).bundle == bundle && split($0.appID).team != team }) {
            return (other, "same bundle ID, another team ID (\(split(other.appID).team), not \(team))",
                    "write the app's own Team ID: \"\(appID)\" in \(other.detail).appIDs (the Team ID is on developer.apple.com under Membership details)")
        }
        guard let closest = NameSuggestion.closest(to: appID, among: listings.map(\.appID)),
              let other = listings.first(where: { $0.appID == closest }) else { return nil }
        let reason: String
        if closest.lowercased() == appID.lowercased() {
            reason = "the same app ID in another case; iOS compares app IDs exactly"
        } else {
            let edits = EditDistance.between(Array(appID.unicodeScalars), Array(closest.unicodeScalars))
            reason = "\(edits) character\(edits == 1 ? "" : "s") away, a typo?"
        }
        return (other, reason, "correct \"\(closest)\" to \"\(appID)\" in \(other.detail).appIDs")
    }

    /// The Team ID (before the first `.`) and the bundle ID (after it).
    static func split(_ appID: String) -> (team: Substring, bundle: Substring) {
        guard let dot = appID.firstIndex(of: ".") else { return (appID[...], "") }
        return (appID[..<dot], appID[appID.index(after: dot)...])
    }

    /// The services other than `applinks` that list `appID` (`webcredentials`, `appclips`,
    /// `activitycontinuation`).
    static func otherServices(listing appID: String, in file: AssociationFile) -> [String] {
        [("webcredentials", file.webCredentials), ("appclips", file.appClips), ("activitycontinuation", file.activityContinuation)]
            .filter { $0.1?.apps.contains(appID) ?? false }
            .map(\.0)
    }

    /// `aasa.app-id` for each app asked about, skipped: there is no file to look in, and
    /// `reason` says why ("redirects to …", "status 404").
    public static func unanswered(appIDs: [String], reason: String) -> [DoctorCheck] {
        appIDs.map { DoctorCheck(id: "aasa.app-id", status: .skip, title: appIDTitle($0), detail: "not checked: \(reason)") }
    }
}
