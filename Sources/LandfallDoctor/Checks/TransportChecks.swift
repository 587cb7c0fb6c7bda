/// Judges how a well-known file is served, the way Apple's CDN and Android's verifier fetch it:
/// no redirect, status 200, `application/json`, within the size limit, and JSON rather than an
/// HTML page.
///
/// ```swift
/// let checks = TransportChecks.checks(for: trail, file: .appleAssociation)
/// // http.redirect      ✗ No redirects: https://example.com/.well-known/apple-app-site-association answers 301 …
/// // http.status        - Status 200: the file is redirected (see "No redirects")
/// // …
/// ```
///
/// Pure: the trail is what the fetcher saw. The file's byte-order mark and JSON are the
/// linter's to judge, not these checks'.
public enum TransportChecks {
    /// Status, redirects, content type, size and "not an HTML page" for the file at
    /// `trail.first`'s URL: `http.redirect`, `http.status`, `http.content-type`, `file.size` and
    /// `file.not-html`, in that order, or only `http.fetch` when the URL got no response.
    ///
    /// - Parameters:
    ///   - trail: The response to the file's URL and the redirect hops after it.
    ///   - file: Which file it is (its size limit and who reads it).
    public static func checks(for trail: FetchTrail, file: WellKnownFile) -> [DoctorCheck] {
        guard let first = trail.first else {
            let failure = trail.failure ?? .other(url: file.path, reason: "no response")
            return [DoctorCheck(id: "http.fetch", status: failure.status, title: "Server answers",
                                detail: failure.message, fix: failure.fix)]
        }
        var checks = [redirectCheck(trail, file: file), statusCheck(first, file: file)]
        if let reason = skipReason(first) {
            checks.append(DoctorCheck(id: "http.content-type", status: .skip, title: contentTypeTitle, detail: reason))
            checks.append(DoctorCheck(id: "file.size", status: .skip, title: sizeTitle(file), detail: reason))
            checks.append(DoctorCheck(id: "file.not-html", status: .skip, title: notHTMLTitle, detail: reason))
        } else {
            checks.append(contentTypeCheck(first, file: file))
            checks.append(sizeCheck(first, file: file))
            checks.append(notHTMLCheck(first, file: file))
        }
        return checks
    }

    static let statusTitle = "Status 200"
    static let contentTypeTitle = "Content type application/json"
    static let notHTMLTitle = "JSON, not an HTML page"
    static func sizeTitle(_ file: WellKnownFile) -> String { "At most \(size(file.maximumSize))" }

    /// Why the body is not judged: a redirect, or a status other than 200.
    static func skipReason(_ first: FetchedResponse) -> String? {
        if first.isRedirect { return "the file is redirected (see \"\(redirectTitle)\")" }
        if first.status != 200 { return "the server answers \(first.status), not the file (see \"\(statusTitle)\")" }
        return nil
    }

    // MARK: - Status

    /// `http.status`, judged on the first response only.
    static func statusCheck(_ first: FetchedResponse, file: WellKnownFile) -> DoctorCheck {
        let status = first.status
        if first.isRedirect {
            return DoctorCheck(id: "http.status", status: .skip, title: statusTitle,
                               detail: "the file is redirected (see \"\(redirectTitle)\")")
        }
        if status == 200 {
            return DoctorCheck(id: "http.status", status: .pass, title: statusTitle, detail: "\(first.url) answers 200")
        }
        let host = hostName(of: first.url) ?? "the host"
        let (finding, fix): (String, String) = switch status {
        case 404, 410:
            ("not found",
             "put the file at \(file.path) on \(host), exactly that path (no extension, lower case), "
                 + "and serve it to every client")
        case 401:
            ("it asks for authentication", "serve \(file.path) without authentication; \(file.reader) sends no credentials")
        case 403:
            ("forbidden: a firewall or bot protection may block \(file.reader)",
             "allow requests for \(file.path) from any address and any user agent"
                 + (file == .appleAssociation ? " (Apple's CDN sends the user agent AASA-Bot)" : ""))
        case 429:
            ("too many requests: rate limiting may turn \(file.reader) away",
             "exempt \(file.path) from rate limiting")
        case 500...599:
            ("a server error", "fix the error behind \(file.path) (see the server's log); "
                 + "until it answers 200, phones that install the app get no association")
        case 300...399:
            ("a redirect without a Location header", "serve the file at \(first.url) itself with status 200")
        default:
            ("\(file.reader) accepts only 200", "serve the file at \(first.url) with status 200")
        }
        return DoctorCheck(id: "http.status", status: .fail, title: statusTitle,
                           detail: "\(first.url) answers \(status): \(finding)", fix: fix)
    }

    // MARK: - Content type

    /// `http.content-type`: pass for `application/json`, warn for any other or none, fail for
    /// `text/html` with an HTML body.
    static func contentTypeCheck(_ first: FetchedResponse, file: WellKnownFile) -> DoctorCheck {
        let fix = "serve \(file.path) with Content-Type: application/json"
        guard let type = first.mediaType else {
            return DoctorCheck(id: "http.content-type", status: .warn, title: contentTypeTitle,
                               detail: "the server sends no Content-Type; \(file.reader) asks for application/json", fix: fix)
        }
        if type == "application/json" {
            return DoctorCheck(id: "http.content-type", status: .pass, title: contentTypeTitle,
                               detail: "served as \(first.header("Content-Type") ?? type)")
        }
        if type == "text/html", htmlStart(of: first.body) != nil {
            return DoctorCheck(id: "http.content-type", status: .fail, title: contentTypeTitle,
                               detail: "served as text/html, and the body is an HTML page (see \"\(notHTMLTitle)\")", fix: fix)
        }
        let acceptance = file == .appleAssociation ? "Apple's CDN accepts it today but asks for application/json"
                                                   : "\(file.reader) asks for application/json"
        return DoctorCheck(id: "http.content-type", status: .warn, title: contentTypeTitle,
                           detail: "the file is served as \(type); \(acceptance)", fix: fix)
    }

    // MARK: - Size

    /// `file.size`: at most the file's limit.
    static func sizeCheck(_ first: FetchedResponse, file: WellKnownFile) -> DoctorCheck {
        let limit = file.maximumSize
        let length = first.isTruncated ? "at least \(bytes(first.bodyLength))" : bytes(first.bodyLength)
        guard first.bodyLength > limit else {
            return DoctorCheck(id: "file.size", status: .pass, title: sizeTitle(file),
                               detail: "\(length), within the \(size(limit)) \(file.reader) reads")
        }
        let fix = switch file {
        case .appleAssociation:
            "make the file smaller: serve the compact form (no indentation), merge rules with wildcards or "
                + "substitution variables, and remove comments"
        case .assetLinks:
            "make the file smaller: serve the compact form (no indentation) and list each app and fingerprint once"
        }
        return DoctorCheck(id: "file.size", status: .fail, title: sizeTitle(file),
                           detail: "the file is \(length), over the \(size(limit)) (\(bytes(limit))) \(file.reader) reads",
                           fix: fix)
    }

    /// `131,072 bytes`, `1 byte`.
    static func bytes(_ count: Int) -> String {
        count == 1 ? "1 byte" : "\(grouped(count)) bytes"
    }

    /// `131,072`: digits in groups of three.
    static func grouped(_ count: Int) -> String {
        var digits = String(count.magnitude)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return count < 0 ? "-" + digits : digits
    }

    /// `128 KB`, `1 MiB`, or bytes when the size is not a whole number of either.
    static func size(_ count: Int) -> String {
        if count >= 1_048_576, count % 1_048_576 == 0 { return "\(count / 1_048_576) MiB" }
        if count >= 1024, count % 1024 == 0 { return "\(count / 1024) KB" }
        return bytes(count)
    }
}
