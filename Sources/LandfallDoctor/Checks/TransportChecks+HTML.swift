/// `file.not-html`: a server that answers every path with a page (a "not found" page with
/// status 200, a single-page app's index) serves HTML where the JSON file should be.
extension TransportChecks {
    /// How many characters of a page's title a detail quotes.
    static let quotedTitleLength = 80

    /// `file.not-html`.
    static func notHTMLCheck(_ first: FetchedResponse, file: WellKnownFile) -> DoctorCheck {
        guard let start = htmlStart(of: first.body) else {
            return DoctorCheck(id: "file.not-html", status: .pass, title: notHTMLTitle,
                               detail: first.body.isEmpty ? "the body is empty, not an HTML page"
                                                          : "the body does not start like an HTML page")
        }
        let document = start.hasPrefix("<?xml") && !start.contains("<html") ? "an XML document" : "an HTML page"
        var detail = "the server answers 200 with \(document) (a \"not found\" page served with status 200?)"
        if let title = pageTitle(in: first.body) {
            detail += "; its title is \"\(title)\""
        }
        return DoctorCheck(id: "file.not-html", status: .fail, title: notHTMLTitle, detail: detail,
                           fix: "serve the JSON file at \(file.path); make the server answer 404 for missing files, "
                               + "not an HTML page with 200")
    }

    /// When the body, after an optional byte-order mark and white space, starts with `<`: its
    /// first 256 characters in lower case (enough to tell `<!doctype html`, `<html` or `<?xml`).
    static func htmlStart(of body: [UInt8]) -> String? {
        var bytes = body[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        bytes = bytes.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard bytes.first == UInt8(ascii: "<") else { return nil }
        return String(decoding: bytes.prefix(256), as: UTF8.self).lowercased()
    }

    /// The text of the page's `<title>`, white space collapsed, at most ``quotedTitleLength``
    /// characters (cut with `…`), or `nil` when there is none or it is empty.
    static func pageTitle(in body: [UInt8]) -> String? {
        // ASCII letters lowered, every other byte kept: the same length, so positions carry over.
        let lowered = body.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        guard let open = firstRange(of: Array("<title".utf8), in: lowered, from: 0),
              let openEnd = lowered[open.upperBound...].firstIndex(of: UInt8(ascii: ">")),
              let close = firstRange(of: Array("</title".utf8), in: lowered, from: openEnd + 1) else { return nil }
        let text = String(decoding: body[(openEnd + 1)..<close.lowerBound], as: UTF8.self)
        let title = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !title.isEmpty else { return nil }
        return title.count > quotedTitleLength ? title.prefix(quotedTitleLength - 1) + "…" : title
    }

    /// Where `needle` first occurs in `bytes` at or after `start`.
    private static func firstRange(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Range<Int>? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        for index in start...(bytes.count - needle.count) where bytes[index..<(index + needle.count)].elementsEqual(needle) {
            return index..<(index + needle.count)
        }
        return nil
    }
}
