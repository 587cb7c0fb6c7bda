import AppSiteAssociation

extension Doctor {
    /// DNS, TLS, each file of one host, and Apple's CDN copy.
    func examineHost(_ target: DoctorTarget, request: DoctorRequest) async -> ExaminedHost {
        var host = DoctorSection(subject: .host, title: target.description, host: target.host)
        var files: [DoctorSection] = []
        var appleFile: Result<AssociationFile, UnavailableFile> = .failure(UnavailableFile(reason: "not checked"))
        let finish = { ExaminedHost(target: target, sections: [host] + files, appleFile: appleFile) }

        if target.isLocal {
            host.checks.append(Self.localCheck(for: target))
        } else {
            let resolution = await network.resolve(target.host)
            host.checks.append(HostChecks.check(for: resolution, host: target.host))
            if case .failed = resolution {
                appleFile = .failure(UnavailableFile(reason: "\(target.host) does not resolve"))
                return finish()
            }
            switch await network.handshake(host: target.host, port: target.port) {
            case .success(let observation):
                host.checks += await CertificateChecks.checks(for: observation, trustRoots: trustRoots, now: request.now)
            case .failure(let failure):
                host.checks.append(DoctorCheck(id: "tls.handshake", status: failure.status, title: "TLS handshake completes",
                                               detail: failure.message, fix: failure.fix))
                // A host that does not complete a handshake serves no file.
                appleFile = .failure(UnavailableFile(reason: failure.message, couldNotCheck: failure.status == .notChecked))
                return finish()
            }
        }

        if request.checksApple {
            let fetched = await fetchFile(.appleAssociation, on: target)
            var section = fetched.section
            if let body = fetched.body {
                let outcome = AppleAssociationChecks.checks(body: body, host: target.host, appIDs: request.appIDs)
                section.checks += outcome.checks
                appleFile = outcome.file.map { .success($0) }
                    ?? .failure(UnavailableFile(reason: "the file is not a valid apple-app-site-association"))
            } else {
                appleFile = .failure(fetched.unavailable)
                section.checks += AppleAssociationChecks.unanswered(appIDs: request.appIDs, reason: fetched.unavailable.reason)
            }
            files.append(section)
            if request.checkCDN, !target.isLocal {
                files.append(await examineCDNCopy(of: target, request: request, originBody: fetched.body))
            }
        }
        if request.checksAndroid {
            files.append(await examineAssetLinks(on: target, request: request))
        }
        return finish()
    }

    /// What a `--local` run leaves out, said where a reader of the report looks first: DNS, the
    /// certificate and Apple's CDN are not checked, and nothing here is what the platforms see.
    static func localCheck(for target: DoctorTarget) -> DoctorCheck {
        DoctorCheck(id: "host.local", status: .skip, title: "DNS, TLS and Apple's CDN, not checked with --local",
                    detail: "\(target.origin) is checked over plain http as a development or staging server; Apple's CDN and "
                        + "Android's verifier fetch only https on port 443, so this is not what they see",
                    fix: target.isLoopbackName ? "before release, run `landfall doctor` on the https domain this server stands for"
                        : "before release, run `landfall doctor \(target.host)` on the https domain")
    }

    /// Apple's CDN copy of `target`'s file, compared with the origin's.
    func examineCDNCopy(of target: DoctorTarget, request: DoctorRequest, originBody: [UInt8]?) async -> DoctorSection {
        var base = request.cdnBaseURL
        while base.hasSuffix("/") { base.removeLast() }
        let url = base + "/a/v1/" + target.host
        let trail = await network.fetch(url, userAgent: Self.userAgent)
        var section = DoctorSection(subject: .appleCDN, title: "Apple's CDN (\(url))", host: target.host,
                                    checks: CDNChecks.checks(cdn: trail, originBody: originBody, host: target.host))
        if target.port != 443 {
            section.checks.append(DoctorCheck(
                id: "cdn.port", status: .warn, title: "Served on port 443",
                detail: "\(target.host) is checked on port \(target.port), but Apple's CDN and phones only fetch from port 443"))
        }
        return section
    }

    /// `assetlinks.json`: transport and contents, or a skip when the host does not serve one
    /// and nothing asked for Android.
    func examineAssetLinks(on target: DoctorTarget, request: DoctorRequest) async -> DoctorSection {
        let fetched = await fetchFile(.assetLinks, on: target)
        if !request.requiresAndroid, let absence = fetched.absence {
            return DoctorSection(subject: .androidAssetLinks, title: fetched.section.title, host: target.host, checks: [
                DoctorCheck(id: "assetlinks.absent", status: .skip, title: "Android App Links",
                            detail: "\(target.host) serves no assetlinks.json (\(absence)), so Android App Links are not set up; "
                                + "pass --android-package (or --platform android) to require them"),
            ])
        }
        var section = fetched.section
        if let body = fetched.body {
            section.checks += AssetLinksChecks.checks(body: body, host: target.host, packageName: request.androidPackage,
                                                      fingerprints: request.androidFingerprints).checks
        } else {
            section.checks += AssetLinksChecks.unanswered(packageName: request.androidPackage, reason: fetched.unavailable.reason)
        }
        return section
    }

    /// A file fetched the way a phone's fetcher does, with its transport checks, and its body
    /// when it is served with status 200 and no redirect.
    struct FetchedFile {
        var trail: FetchTrail
        var section: DoctorSection
        var body: [UInt8]?

        /// Whether the answer says the file is simply not there: a 404, or an HTML page with
        /// status 200 (a site that answers every path with its home page). Said in a few words.
        var absence: String? {
            guard let first = trail.first, !first.isRedirect else { return nil }
            if first.status == 404 { return "404" }
            if first.status == 200, section.checks.contains(where: { $0.id == "file.not-html" && $0.status == .fail }) {
                return "an HTML page with status 200"
            }
            return nil
        }

        /// Why there is no body.
        var unavailable: UnavailableFile {
            guard let first = trail.first else {
                let failure = trail.failure
                return UnavailableFile(reason: failure?.message ?? "no answer", couldNotCheck: failure?.status != .fail)
            }
            if first.isRedirect { return UnavailableFile(reason: "redirects to \(first.header("Location") ?? "another URL")") }
            if first.status == 200 { return UnavailableFile(reason: "an HTML page instead of JSON") }
            return UnavailableFile(reason: "status \(first.status)")
        }
    }

    /// Fetches `file` from `target` and judges how it is served.
    func fetchFile(_ file: WellKnownFile, on target: DoctorTarget) async -> FetchedFile {
        let url = target.url(for: file)
        let userAgent = file == .appleAssociation ? Self.appleUserAgent : Self.userAgent
        let trail = await network.fetch(url, userAgent: userAgent)
        var section = DoctorSection(subject: file == .appleAssociation ? .appleAssociation : .androidAssetLinks,
                                    title: "\(file.name) (\(url))", host: target.host,
                                    checks: TransportChecks.checks(for: trail, file: file))
        // Nothing listening on a --local server is a server not started, not a domain without HTTPS.
        if target.isLocal, case .connectionRefused? = trail.failure, let index = section.checks.firstIndex(where: { $0.id == "http.fetch" }) {
            section.checks[index].fix = "start the server (landfall serve --port \(target.port)), or give --local the address it listens on"
        }
        // An HTML page is reported once, by `file.not-html`, not again as invalid JSON.
        let isHTML = section.checks.contains { $0.id == "file.not-html" && $0.status == .fail }
        let usable = trail.first.flatMap { $0.status == 200 && !$0.isRedirect && !isHTML ? $0 : nil }
        return FetchedFile(trail: trail, section: section, body: usable?.body)
    }

    /// `target`'s Apple file as a phone's fetcher would get it, without a report: usable, or
    /// why not (`landfall test --live` and `--sitemap` use it for hosts not examined in full).
    public func appleAssociationFile(of target: DoctorTarget) async -> Result<AssociationFile, UnavailableFile> {
        let fetched = await fetchFile(.appleAssociation, on: target)
        guard let body = fetched.body else { return .failure(fetched.unavailable) }
        guard let file = AssociationLinter().check(body).file else {
            return .failure(UnavailableFile(reason: "\(target.url(for: .appleAssociation)) is not a valid apple-app-site-association "
                                            + "(run landfall doctor \(target) for every problem)"))
        }
        return .success(file)
    }

    /// `target`'s `assetlinks.json` as Android's verifier would get it (no redirects followed),
    /// without a report: usable, or why not (`landfall test --live` uses it for Android cases).
    public func assetLinksFile(of target: DoctorTarget) async -> Result<AssetLinksFile, UnavailableFile> {
        let fetched = await fetchFile(.assetLinks, on: target)
        guard let body = fetched.body else { return .failure(fetched.unavailable) }
        guard let file = try? AssetLinksFile(json: body) else {
            return .failure(UnavailableFile(reason: "\(target.url(for: .assetLinks)) is not a valid assetlinks.json "
                                            + "(run landfall doctor \(target) --platform android for every problem)"))
        }
        return .success(file)
    }
}
