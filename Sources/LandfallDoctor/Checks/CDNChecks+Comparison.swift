import AppSiteAssociation
import LandfallJSON

/// `cdn.matches-origin`: whether Apple's CDN serves what the host serves now, compared as JSON
/// values (member order and whitespace do not matter), and if not, what differs.
extension CDNChecks {
    /// The most differing JSON paths listed.
    static let differenceLimit = 5

    /// `cdn.matches-origin`.
    static func comparison(_ response: FetchedResponse, originBody: [UInt8]?, host: String) -> DoctorCheck {
        let title = "CDN copy matches the origin"
        func skip(_ detail: String) -> DoctorCheck { DoctorCheck(id: "cdn.matches-origin", status: .skip, title: title, detail: detail) }
        guard response.status == 200 else { return skip("Apple's CDN has no copy to compare (it answered \(response.status))") }
        guard let originBody else { return skip("\(host) served no file to compare with") }
        let origin = try? JSONParser().parseDocument(originBody).value
        let cdn = try? JSONParser().parseDocument(response.body).value
        guard let origin, let cdn else {
            switch (origin, cdn) {
            case (nil, nil): return skip("neither \(host)'s file nor Apple's CDN copy is valid JSON")
            case (nil, _): return skip("\(host)'s file is not valid JSON")
            default: return skip("Apple's CDN copy is not valid JSON" + (response.isTruncated ? " (the doctor read only its beginning)" : ""))
            }
        }
        let (left, right) = (normalized(origin), normalized(cdn))
        if left == right {
            return DoctorCheck(id: "cdn.matches-origin", status: .pass, title: title,
                               detail: "Apple's CDN serves the same JSON as \(host)")
        }
        var notes = summaryDifferences(origin: left, cdn: right)
        if notes.isEmpty {
            var paths: [String] = []
            var more = 0
            differences(left, right, at: JSONPath(), into: &paths, overflow: &more)
            notes = paths + (more > 0 ? ["and \(more) more difference\(more == 1 ? "" : "s")"] : [])
        }
        if notes.isEmpty { notes = ["the two differ only in repeated keys"] }
        return DoctorCheck(
            id: "cdn.matches-origin", status: .warn, title: title,
            detail: "Apple's CDN still serves an older copy; it refreshes within about 24 hours and devices about weekly "
                + "— a fix takes days to reach phones",
            notes: notes
        )
    }

    /// What differs at the level people think in: app IDs, details and their rules. Empty when
    /// either side does not decode or these agree.
    static func summaryDifferences(origin: JSONValue, cdn: JSONValue) -> [String] {
        guard let originFile = try? AssociationFile(jsonValue: origin), let cdnFile = try? AssociationFile(jsonValue: cdn) else { return [] }
        var notes: [String] = []
        let originApps = AssociationMatcher(originFile).appIDs
        let cdnApps = AssociationMatcher(cdnFile).appIDs
        let onlyOrigin = originApps.filter { !cdnApps.contains($0) }
        let onlyCDN = cdnApps.filter { !originApps.contains($0) }
        if !onlyOrigin.isEmpty { notes.append("app IDs only on the origin: " + onlyOrigin.joined(separator: ", ")) }
        if !onlyCDN.isEmpty { notes.append("app IDs only on Apple's CDN: " + onlyCDN.joined(separator: ", ")) }
        let originDetails = originFile.appLinks?.details ?? []
        let cdnDetails = cdnFile.appLinks?.details ?? []
        if originDetails.count != cdnDetails.count {
            notes.append("applinks.details: \(originDetails.count) on the origin, \(cdnDetails.count) on Apple's CDN")
        }
        for (index, (mine, theirs)) in zip(originDetails, cdnDetails).enumerated()
        where mine.effectiveRules.count != theirs.effectiveRules.count {
            notes.append("applinks.details[\(index)]: \(rules(mine.effectiveRules.count)) on the origin, "
                         + "\(rules(theirs.effectiveRules.count)) on Apple's CDN")
        }
        return notes
    }

    /// `1 rule`, `3 rules`.
    static func rules(_ count: Int) -> String { "\(count) rule\(count == 1 ? "" : "s")" }

    /// The value with every object's members sorted by key (repeated keys keep their order),
    /// so that two files that differ only in member order compare equal.
    static func normalized(_ value: JSONValue) -> JSONValue {
        switch value.kind {
        case .array(let elements):
            return JSONValue(.array(elements.map(normalized)))
        case .object(let members):
            let sorted = members.enumerated().sorted { lhs, rhs in
                lhs.element.key != rhs.element.key ? lhs.element.key < rhs.element.key : lhs.offset < rhs.offset
            }
            return JSONValue(.object(sorted.map { JSONMember(key: $0.element.key, value: normalized($0.element.value)) }))
        default:
            return JSONValue(value.kind)
        }
    }

    /// Appends `path: ...` for each place where `origin` and `cdn` differ, in document order,
    /// up to ``differenceLimit``; counts the rest in `overflow`.
    static func differences(_ origin: JSONValue, _ cdn: JSONValue, at path: JSONPath, into notes: inout [String], overflow: inout Int) {
        func note(_ text: String) {
            if notes.count < differenceLimit { notes.append(text) } else { overflow += 1 }
        }
        switch (origin.kind, cdn.kind) {
        case (.object(let left), .object(let right)):
            var keys: [String] = []
            for member in left + right where !keys.contains(member.key) { keys.append(member.key) }
            for key in keys.sorted() {
                let place = path.appending(key)
                switch (left.last { $0.key == key }?.value, right.last { $0.key == key }?.value) {
                case let (mine?, theirs?): differences(mine, theirs, at: place, into: &notes, overflow: &overflow)
                case (_?, nil): note("\(place): only on the origin")
                case (nil, _?): note("\(place): only on Apple's CDN")
                case (nil, nil): break
                }
            }
        case (.array(let left), .array(let right)):
            for index in 0..<max(left.count, right.count) {
                let place = path.appending(index)
                if index >= right.count {
                    note("\(place): only on the origin")
                } else if index >= left.count {
                    note("\(place): only on Apple's CDN")
                } else {
                    differences(left[index], right[index], at: place, into: &notes, overflow: &overflow)
                }
            }
        default:
            if origin != cdn { note("\(path): \(shown(origin)) on the origin, \(shown(cdn)) on Apple's CDN") }
        }
    }

    /// A value as compact JSON, cut to a length that fits a note.
    static func shown(_ value: JSONValue) -> String {
        let text = value.description
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }
}
