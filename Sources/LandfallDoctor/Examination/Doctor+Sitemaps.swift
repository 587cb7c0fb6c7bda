import AppSiteAssociation

extension Doctor {
    /// The most sitemap documents one run reads (an index and its children).
    static let sitemapDocumentLimit = 50
    /// The most pages one run summarises (a sitemap's own limit is 50,000).
    static let sitemapPageLimit = 50_000

    /// What summarising the sitemaps found.
    struct SitemapResults {
        /// How each sitemap was read.
        var section: DoctorSection
        /// One summary per app.
        var summaries: [SitemapSummary]
    }

    /// Reads every sitemap (following sitemap indexes), fetches the association file of each
    /// page host not examined yet, and groups the pages by what decides them for each app.
    func examineSitemaps(_ request: DoctorRequest, plan: inout DoctorPlan) async -> SitemapResults {
        var section = DoctorSection(subject: .sitemap, title: "sitemap")
        var pages: [String] = []
        var documentsRead = 0
        var queue: [(name: String, bytes: [UInt8]?)] = request.sitemaps.map { source in
            switch source {
            case .remote(let url): (url, nil)
            case .local(let name, let bytes): (name, bytes)
            }
        }
        while !queue.isEmpty, pages.count < Self.sitemapPageLimit {
            let (name, given) = queue.removeFirst()
            guard documentsRead < Self.sitemapDocumentLimit else {
                section.checks.append(DoctorCheck(
                    id: "sitemap.read", status: .warn, title: "Sitemap read",
                    detail: "stopped after \(Self.sitemapDocumentLimit) sitemap documents; \(queue.count + 1) not read"))
                break
            }
            documentsRead += 1
            let bytes: [UInt8]
            if let given {
                bytes = given
            } else {
                switch await fetchSitemap(name) {
                case .bytes(let fetched): bytes = fetched
                case .unavailable(let check):
                    section.checks.append(check)
                    continue
                }
            }
            do {
                switch try SitemapReader.read(bytes) {
                case .pages(let found):
                    let kept = Array(found.prefix(Self.sitemapPageLimit - pages.count))
                    pages += kept
                    section.checks.append(DoctorCheck(
                        id: "sitemap.read", status: kept.count < found.count ? .warn : .pass, title: "Sitemap read",
                        detail: "\(found.count) page\(found.count == 1 ? "" : "s") in \(name)"
                            + (kept.count < found.count ? "; only the first \(kept.count) are summarised" : "")))
                case .index(let children):
                    queue += children.map { ($0, nil) }
                    section.checks.append(DoctorCheck(
                        id: "sitemap.read", status: .pass, title: "Sitemap read",
                        detail: "\(name) is a sitemap index of \(children.count) sitemap\(children.count == 1 ? "" : "s")"))
                }
            } catch {
                section.checks.append(DoctorCheck(id: "sitemap.read", status: .fail, title: "Sitemap read",
                                                  detail: "\(name): \(error.message)"))
            }
        }

        var matchers: [String: AssociationMatcher] = [:]
        var unavailable: [String: String] = [:]
        for pageHost in Self.hosts(of: pages) {
            let fileHost = plan.fileHost(for: pageHost)
            if plan.appleFiles[fileHost] == nil {
                plan.record(host: fileHost, appleFile: await appleAssociationFile(of: DoctorTarget(host: fileHost)))
            }
            switch plan.appleFiles[fileHost] {
            case .success(let file)?: matchers[pageHost] = AssociationMatcher(file)
            case .failure(let reason)?: unavailable[pageHost] = reason.reason
            case nil: unavailable[pageHost] = "not checked"
            }
        }
        var appIDs = request.appIDs
        if appIDs.isEmpty {
            var seen = Set<String>()
            appIDs = matchers.keys.sorted().flatMap { matchers[$0]?.appIDs ?? [] }.filter { seen.insert($0).inserted }
        }
        if appIDs.isEmpty, !pages.isEmpty {
            section.checks.append(DoctorCheck(
                id: "sitemap.apps", status: .skip, title: "Pages summarised",
                detail: "no association file of the pages' hosts lists an app, and no --app-id was given"))
        }
        let summaries = pages.isEmpty ? [] : appIDs.map {
            SitemapSummary(pages: pages, appID: $0, matchers: matchers, unavailable: unavailable)
        }
        return SitemapResults(section: section, summaries: summaries)
    }

    /// A sitemap's bytes from `url` (a redirect is fine for a sitemap), or the check saying
    /// why there are none.
    private func fetchSitemap(_ url: String) async -> FetchedSitemap {
        let trail = await network.fetch(url, userAgent: Self.userAgent)
        if let last = trail.last, last.status == 200 {
            return .bytes(last.body)
        }
        let detail = trail.failure.map { $0.message }
            ?? trail.last.map { "\($0.url) answers \($0.status)" }
            ?? "\(url): no answer"
        let status = trail.failure?.status ?? .fail
        return .unavailable(DoctorCheck(id: "sitemap.read", status: status, title: "Sitemap read", detail: detail))
    }

    /// A sitemap's bytes, or the check saying why there are none.
    private enum FetchedSitemap {
        case bytes([UInt8])
        case unavailable(DoctorCheck)
    }

    /// The hosts of `pages`, lower-cased, each once, in order.
    private static func hosts(of pages: [String]) -> [String] {
        var seen = Set<String>()
        return pages.compactMap { (try? LinkURL(parsing: $0)).map { DoctorTarget.normalized($0.host) } }
            .filter { seen.insert($0).inserted }
    }
}
