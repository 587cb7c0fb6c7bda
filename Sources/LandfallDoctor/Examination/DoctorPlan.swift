import AppSiteAssociation

/// Which hosts a doctor run examines, and what it learnt about each: the bookkeeping between
/// ``Doctor/examine(_:)``'s steps.
struct DoctorPlan {
    /// The hosts to examine, each once, in order: the targets, then the entitlements'
    /// `applinks:` hosts, the manifest's autoVerify hosts, then the hosts of the URLs asked about.
    private(set) var targets: [DoctorTarget] = []
    /// Every URL asked about (`--url` and the targets' page URLs), in order.
    private(set) var urls: [String] = []
    /// The usable Apple file of each examined host, or why there is none.
    private(set) var appleFiles: [String: Result<AssociationFile, UnavailableFile>] = [:]
    /// The entitlements' wildcard hosts (`*.example.com` gives `example.com`).
    private let wildcardHosts: Set<String>

    init(request: DoctorRequest) {
        let appLinks = request.entitlements?.file.appLinks ?? []
        wildcardHosts = Set(appLinks.filter(\.isWildcard).map(\.host))
        urls = request.targets.compactMap(\.pageURL) + request.urls
        var seen = Set<String>()
        var targets: [DoctorTarget] = []
        func add(_ target: DoctorTarget) {
            if seen.insert(target.host).inserted { targets.append(target) }
        }
        request.targets.forEach(add)
        for host in appLinks.flatMap(\.hostsToCheck) { add(DoctorTarget(host: host)) }
        for host in request.manifest?.manifest.verifiedHosts ?? [] { add(DoctorTarget(host: host)) }
        self.targets = targets
        for url in urls {
            guard let host = (try? LinkURL(parsing: url)).map({ DoctorTarget.normalized($0.host) }),
                  fileHost(for: host) == host else { continue }
            add(DoctorTarget(host: host))
        }
        self.targets = targets
    }

    /// Notes what examining one host found.
    mutating func record(_ examined: ExaminedHost) {
        appleFiles[examined.target.host] = examined.appleFile
    }

    /// Records a file fetched for a sitemap's page host.
    mutating func record(host: String, appleFile: Result<AssociationFile, UnavailableFile>) {
        appleFiles[host] = appleFile
    }

    /// The host whose file decides for URLs on `host`: the host itself, or for a subdomain
    /// covered only by an entitlement's `*.` entry, the entry's host.
    func fileHost(for host: String) -> String {
        if targets.contains(where: { $0.host == host }) { return host }
        return wildcardHosts.first { host.hasSuffix("." + $0) } ?? host
    }

    /// One check per URL and app: whether the URL opens the app, by its host's file.
    func urlChecks(appIDs: [String]) -> [DoctorCheck] {
        var checks: [DoctorCheck] = []
        for url in urls {
            guard let link = try? LinkURL(parsing: url) else {
                checks.append(DoctorCheck(id: "url", status: .fail, title: "\(url) opens the app",
                                          detail: "\(url) is not a URL a phone could open",
                                          fix: "give an absolute https URL, such as https://example.com/path"))
                continue
            }
            let host = fileHost(for: DoctorTarget.normalized(link.host))
            switch appleFiles[host] {
            case .success(let file)?:
                checks += URLChecks.checks(urls: [url], matcher: AssociationMatcher(file), appIDs: appIDs, host: link.host)
            case .failure(let unavailable)?:
                checks.append(DoctorCheck(id: "url", status: .skip, title: "\(url) opens the app",
                                          detail: "not decided: \(host) has no usable apple-app-site-association (\(unavailable.reason))"))
            case nil:
                checks.append(DoctorCheck(id: "url", status: .skip, title: "\(url) opens the app",
                                          detail: "not decided: \(host)'s apple-app-site-association was not checked"))
            }
        }
        return checks
    }
}
