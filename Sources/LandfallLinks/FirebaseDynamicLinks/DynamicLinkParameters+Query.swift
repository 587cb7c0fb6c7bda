import LandfallWire

extension DynamicLinkParameters {
    /// The parameter names read, in the order ``query`` writes them.
    static let names = [
        "link", "apn", "afl", "amv", "ibi", "ifl", "ius", "ipfl", "ipbi", "isi", "imv", "efr", "ofl", "st", "sd", "si",
        "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content",
    ]

    /// Reads the query string of a long link (what follows `?`, with or without the `?`).
    ///
    /// Names and values are decoded as browsers encode forms (`+` is a space, `%2F` is `/`, UTF-8).
    /// When a parameter appears more than once the first occurrence counts, except for `link`,
    /// which must appear once. Empty values count as absent.
    ///
    /// - Throws: ``InvalidDynamicLink`` with every problem: a missing or repeated `link`; `link`,
    ///   `afl`, `ifl`, `ipfl`, `ofl` or `si` that is not an absolute http(s) URL; `isi` that is not
    ///   digits; `efr` other than `0` or `1`; `amv` that is not a whole number or `imv` that is not
    ///   a dotted version.
    public init(query: String) throws(InvalidDynamicLink) {
        let text = query.hasPrefix("?") ? String(query.dropFirst()) : query
        var values: [String: String] = [:]
        var order: [String] = []
        var linkCount = 0
        for (name, value) in FormURLEncoding.pairs(text) where Self.names.contains(name) {
            if name == "link" { linkCount += 1 }
            guard values[name] == nil, !value.isEmpty else { continue }
            values[name] = value
            order.append(name)
        }

        var errors: [DynamicLinkParameterError] = []
        func fail(_ parameter: String, _ message: String) {
            errors.append(DynamicLinkParameterError(parameter: parameter, message: message))
        }
        if values["link"] == nil {
            fail("link", linkCount == 0
                ? "missing; a long link needs the deep link to open, as in ?link=https%3A%2F%2Fwww.example.com%2F"
                : "is empty; give the deep link to open, as in ?link=https%3A%2F%2Fwww.example.com%2F")
        } else if linkCount > 1 {
            fail("link", "given \(linkCount) times; a long link has exactly one 'link' (the first would be used, which hides mistakes)")
        }
        var amv: Int?
        for name in order {
            guard let value = values[name] else { continue }
            switch name {
            case "link", "afl", "ifl", "ipfl", "ofl", "si":
                if !AbsoluteHTTPURL.isValid(value) {
                    fail(name, "\(Self.quoted(value)) is not an absolute http or https URL\(Self.schemeHint(value))")
                }
            case "isi":
                if !Self.isDigits(value) {
                    let hint = value.lowercased().hasPrefix("id") && Self.isDigits(String(value.dropFirst(2)))
                        ? "write its digits only, as in isi=\(value.dropFirst(2))"
                        : "write the app's numeric App Store ID, as in isi=1234567890"
                    fail(name, "\(Self.quoted(value)) is not an App Store ID; \(hint)")
                }
            case "efr":
                if value != "0" && value != "1" {
                    fail(name, "\(Self.quoted(value)) is neither 0 nor 1; write efr=1 to skip the app preview page, or leave it out")
                }
            case "amv":
                if Self.isDigits(value), let code = Int(value) {
                    amv = code
                } else {
                    fail(name, "\(Self.quoted(value)) is not a version code; Android's versionCode is a whole number, as in amv=42")
                }
            case "imv":
                if !Self.isDottedVersion(value) {
                    fail(name, "\(Self.quoted(value)) is not a version; write up to four numbers separated by dots, as in imv=1.2.3")
                }
            default:
                break
            }
        }
        guard errors.isEmpty, let link = values["link"] else { throw InvalidDynamicLink(errors: errors) }

        self.init(
            link: link, androidPackageName: values["apn"], androidFallbackLink: values["afl"], androidMinimumVersionCode: amv,
            iosBundleID: values["ibi"], iosFallbackLink: values["ifl"], iosCustomScheme: values["ius"],
            iPadFallbackLink: values["ipfl"], iPadBundleID: values["ipbi"], appStoreID: values["isi"],
            iosMinimumVersion: values["imv"], skipsPreviewPage: values["efr"] == "1", otherPlatformLink: values["ofl"],
            preview: SocialPreview(title: values["st"], description: values["sd"], imageURL: values["si"]),
            campaign: Campaign(source: values["utm_source"], medium: values["utm_medium"], name: values["utm_campaign"],
                               term: values["utm_term"], content: values["utm_content"]))
    }

    /// The query string of these parameters (without `?`), each value percent-encoded, in the
    /// order `link`, `apn`, `afl`, `amv`, `ibi`, `ifl`, `ius`, `ipfl`, `ipbi`, `isi`, `imv`, `efr`,
    /// `ofl`, `st`, `sd`, `si`, `utm_*`; ``init(query:)`` reads it back to the same parameters.
    public var query: String {
        let values: [String?] = [
            link, androidPackageName, androidFallbackLink, androidMinimumVersionCode.map(String.init), iosBundleID,
            iosFallbackLink, iosCustomScheme, iPadFallbackLink, iPadBundleID, appStoreID, iosMinimumVersion,
            skipsPreviewPage ? "1" : nil, otherPlatformLink, preview.title, preview.description, preview.imageURL,
            campaign.source, campaign.medium, campaign.name, campaign.term, campaign.content,
        ]
        return zip(Self.names, values).compactMap { name, value in
            guard let value, !value.isEmpty else { return nil }
            return "\(name)=\(FormURLEncoding.encode(value))"
        }.joined(separator: "&")
    }

    private static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    private static func isDottedVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...4).contains(parts.count) && parts.allSatisfy { isDigits(String($0)) }
    }

    /// `'value'`, cut to 80 characters.
    private static func quoted(_ value: String) -> String {
        value.count > 80 ? "'\(value.prefix(80))…'" : "'\(value)'"
    }

    /// A hint for a URL written without its scheme (`www.example.com`).
    private static func schemeHint(_ value: String) -> String {
        value.lowercased().hasPrefix("http") ? "" : "; write the whole URL, starting with https://"
    }
}
