import Foundation

/// The store buttons of a page (the bundled `store-buttons` partial): where each leads, and
/// the claim URL it copies when tapped, as a phone's browser would read them.
struct StoreButtons {
    /// The App Store button's `href`, entities decoded.
    let appStore: String?
    /// The Google Play button's `href`, entities decoded.
    let play: String?
    /// The App Store button's `data-claim-url`.
    let appStoreClaimURL: String?
    /// The Google Play button's `data-claim-url`.
    let playClaimURL: String?

    init(_ page: HTMLPage) {
        (appStore, appStoreClaimURL) = Self.button(id: "app-store", in: page.html)
        (play, playClaimURL) = Self.button(id: "google-play", in: page.html)
    }

    /// The claim URL of the page (both buttons carry the same one).
    var claimURL: String? { appStoreClaimURL ?? playClaimURL }

    /// Whether the page carries any claim.
    var carriesClaim: Bool { appStoreClaimURL != nil || playClaimURL != nil || appStore?.contains("/v1/install/") == true }

    /// The `lfc_…` token at the end of the claim URL.
    var token: String? {
        guard let claimURL, let range = claimURL.range(of: "/v1/claims/") else { return nil }
        return String(claimURL[range.upperBound...])
    }

    /// The `href` and `data-claim-url` of `<a … id="ID" href="…"[ data-claim-url="…"]>`.
    static func button(id: String, in html: String) -> (href: String?, claimURL: String?) {
        guard let start = html.range(of: "id=\"\(id)\" href=\""), let end = html[start.upperBound...].firstIndex(of: "\"") else {
            return (nil, nil)
        }
        let href = decoded(String(html[start.upperBound..<end]))
        let rest = html[html.index(after: end)...]
        let tagEnd = rest.firstIndex(of: ">") ?? rest.endIndex
        let tag = rest[..<tagEnd]
        guard let claimStart = tag.range(of: "data-claim-url=\""), let claimEnd = tag[claimStart.upperBound...].firstIndex(of: "\"") else {
            return (href, nil)
        }
        return (href, decoded(String(tag[claimStart.upperBound..<claimEnd])))
    }

    /// `text` with the HTML character references a template engine writes in attributes decoded.
    static func decoded(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.firstIndex(of: ";"), rest.distance(from: rest.startIndex, to: semicolon) <= 8 else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            var scalar: Unicode.Scalar?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
            }
            if let value = named[name] {
                result += value
            } else if let scalar {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
