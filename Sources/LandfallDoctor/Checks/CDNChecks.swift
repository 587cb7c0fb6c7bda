import AppSiteAssociation

/// Judges Apple's CDN copy of a host's `apple-app-site-association`: since iOS 14 phones read
/// the file from `https://app-site-association.cdn-apple.com/a/v1/<host>`, not from the host,
/// so a file fixed on the host reaches phones only once the CDN has it.
///
/// ```
/// ✗ Apple's CDN reports no failure: Apple-Failure-Reason: "Redirect"; Apple-Failure-Details: "301 to https://www.example.com/..."
///   fix: serve the file at https://example.com/.well-known/apple-app-site-association itself with status 200: Apple's CDN does not follow redirects; it retries within about a day
/// ✗ Apple's CDN has a copy: Apple's CDN has no copy of the file for example.com (404)
/// - CDN copy matches the origin: Apple's CDN has no copy to compare
/// ```
public enum CDNChecks {
    /// Judges Apple's CDN copy (`trail` = the fetch of <cdn base>/a/v1/<host>) against the
    /// origin's body (nil when the origin had none).
    ///
    /// Gives `cdn.fetch` alone when the CDN did not answer; otherwise `cdn.failure`,
    /// `cdn.status` and `cdn.matches-origin`.
    public static func checks(cdn trail: FetchTrail, originBody: [UInt8]?, host: String) -> [DoctorCheck] {
        guard let response = trail.first else {
            // Not reaching Apple's CDN says something about this machine's network, not about
            // the domain: the check could not be made.
            return [DoctorCheck(
                id: "cdn.fetch", status: .notChecked, title: "Apple's CDN answers",
                detail: trail.failure?.message ?? "Apple's CDN gave no answer for \(host)"
            )]
        }
        return [
            failureCheck(response, host: host),
            statusCheck(response, host: host),
            comparison(response, originBody: originBody, host: host),
        ]
    }

    /// `cdn.failure`: the CDN's own account of its last fetch, from its reply headers.
    static func failureCheck(_ response: FetchedResponse, host: String) -> DoctorCheck {
        let title = "Apple's CDN reports no failure"
        guard let reason = response.header("Apple-Failure-Reason") else {
            return DoctorCheck(id: "cdn.failure", status: .pass, title: title, detail: "no Apple-Failure-Reason header")
        }
        var detail = "Apple-Failure-Reason: \"\(reason)\""
        if let details = response.header("Apple-Failure-Details") { detail += "; Apple-Failure-Details: \"\(details)\"" }
        let notes = response.header("Apple-Try-Direct").map { ["Apple-Try-Direct: \($0)"] } ?? []
        return DoctorCheck(id: "cdn.failure", status: .fail, title: title, detail: detail, notes: notes,
                           fix: fix(forFailureReason: reason, host: host))
    }

    /// What to do about an `Apple-Failure-Reason`, when the reason is one the doctor recognises.
    static func fix(forFailureReason reason: String, host: String) -> String {
        let words = reason.lowercased()
        let url = "https://\(host)\(WellKnownFile.appleAssociation.path)"
        let retry = "; it retries within about a day"
        func has(_ needles: String...) -> Bool { needles.contains { words.contains($0) } }
        if has("redirect") {
            return "serve the file at \(url) itself with status 200: Apple's CDN does not follow redirects" + retry
        }
        if has("ssl", "tls", "cert") {
            return "serve a certificate for \(host) that chains to a public root, with its intermediates (see the certificate checks above)" + retry
        }
        if has("timeout", "timed out", "time out") {
            return "make \(url) answer quickly from anywhere: Apple's CDN fetches from Apple's network, so check firewalls, geo-blocking and bot protection" + retry
        }
        if has("404", "not found", "notfound") {
            return "serve the file at \(url) with status 200" + retry
        }
        if has("too large", "toolarge", "size") {
            return "keep the file under 128 KB: serve it compact and merge rules with wildcards" + retry
        }
        if has("json", "format", "parse", "invalid") {
            return "serve valid JSON in the association file's format (see the checks of the file above)" + retry
        }
        return "fix the origin (see the checks above)" + retry
    }

    /// `cdn.status`: whether the CDN has a copy at all.
    static func statusCheck(_ response: FetchedResponse, host: String) -> DoctorCheck {
        let title = "Apple's CDN has a copy"
        switch response.status {
        case 200:
            return DoctorCheck(id: "cdn.status", status: .pass, title: title,
                               detail: "Apple's CDN serves a copy for \(host) (200, \(response.bodyLength) bytes)")
        case 404:
            return DoctorCheck(
                id: "cdn.status", status: .fail, title: title,
                detail: "Apple's CDN has no copy of the file for \(host) (404): it has not fetched it yet, or its last fetch failed",
                fix: "serve the file at https://\(host)\(WellKnownFile.appleAssociation.path) with status 200 and no redirect; "
                    + "Apple's CDN fetches it within about 24 hours"
            )
        default:
            return DoctorCheck(id: "cdn.status", status: .fail, title: title,
                               detail: "Apple's CDN answered \(response.status) for \(response.url)",
                               fix: "check the origin (see the checks above) and ask again later; phones get no file while the CDN answers \(response.status)")
        }
    }
}
