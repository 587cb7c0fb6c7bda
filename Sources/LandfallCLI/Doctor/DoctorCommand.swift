import AppSiteAssociation
import ArgumentParser
import Foundation
import LandfallDoctor

/// `landfall doctor <host or URL>`: checks a live domain the way Apple's CDN and Android's
/// verifier do, and prints a checklist with a fix for every failure.
struct DoctorCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check a live domain the way Apple's CDN and Android's verifier do.",
        discussion: """
            For each host: DNS; the TLS certificate (names the host, chain trusted, in date, \
            not expiring within 30 days); then /.well-known/apple-app-site-association and \
            /.well-known/assetlinks.json as the platforms fetch them: status 200, no redirects \
            (reported hop by hop, never followed silently), content type application/json \
            (others are a warning), size, JSON rather than an HTML error page, no byte-order \
            mark, and the full `landfall aasa validate` lint. Prints a checklist (✓ pass, \
            ! warning, ✗ failure, - skipped, ? not checked), each problem with its fix.

            --app-id checks that an app is listed; --url checks that a URL opens the app and \
            explains which rule decides; --entitlements reads the app's Xcode .entitlements \
            file, checks every associated-domains entry and then each applinks: host in turn; \
            --manifest reads the app's AndroidManifest.xml, checks its link intent filters \
            (run `landfall android match` for single links) and then each autoVerify host, \
            for the manifest's package unless --android-package names another. \
            --cdn also fetches Apple's CDN copy, compares it with the origin and reports the \
            CDN's Apple-Failure-Reason. Android's file is checked when the host serves one, \
            and required with --android-package, --sha256 or --platform android. --sitemap \
            groups a site's pages by the rule that decides whether they open the app.

            --local checks a development or staging server over plain http (landfall serve \
            on this machine, say): every check but DNS, TLS and Apple's CDN, each report \
            marked as not what the platforms see. Names under .localhost reach 127.0.0.1.

            Exit status: 0 healthy (warnings allowed), 1 problems found, 2 could not check \
            (a server that does not answer within the timeouts, or a usage error).

            Examples:
              landfall doctor daily.example.com --app-id ABCDE12345.com.example.dailypuzzle
              landfall doctor https://daily.example.com/puzzle/2026-11-20 --cdn
              landfall doctor --entitlements App/App.entitlements \\
                  --android-package com.example.app
              landfall doctor --manifest app/src/main/AndroidManifest.xml \\
                  --android-package com.example.app
              landfall doctor daily.example.com \\
                  --sitemap https://daily.example.com/sitemap.xml
              landfall doctor staging.example.com --resolve staging.example.com:10.0.0.5 \\
                  --ca-file staging-ca.pem --format json
              landfall doctor --local http://localhost:8080 --local http://go.localhost:8080 \\
                  --app-id ABCDE12345.com.example.dailypuzzle
            """
    )

    @Argument(help: ArgumentHelp("Hosts (example.com, example.com:8443) or https URLs to check.", valueName: "host-or-url"))
    var targets: [String] = []

    @Option(name: .customLong("local"), help: ArgumentHelp(
        "A development or staging server to check over plain http (http://localhost:8080). Repeatable.", valueName: "url"))
    var localServers: [String] = []

    @Option(name: .customLong("app-id"), help: ArgumentHelp(
        "An app (TEAMID.bundle.id) the Apple file must list. Repeatable.", valueName: "app-id"))
    var appIDs: [String] = []

    @Option(name: .customLong("url"), help: ArgumentHelp(
        "A URL that must open the app; the rule that decides is explained. Repeatable.", valueName: "url"))
    var urls: [String] = []

    @Option(name: .customLong("entitlements"), help: ArgumentHelp(
        "The app's Xcode .entitlements file: check its associated domains and every applinks: host.", valueName: "file"))
    var entitlements: String?

    @Option(name: .customLong("manifest"), help: ArgumentHelp(
        "The app's AndroidManifest.xml: check its link filters and every autoVerify host.", valueName: "file"))
    var manifest: String?

    @Option(help: ArgumentHelp("Which files to check: auto (Apple's; Android's when served), ios, android or both.",
                               valueName: "platform"))
    var platform: DoctorRequest.Platform = .auto

    @Option(name: .customLong("android-package"), help: ArgumentHelp(
        "The Android package assetlinks.json must grant, such as com.example.app.", valueName: "package"))
    var androidPackage: String?

    @Option(name: .customLong("sha256"), help: ArgumentHelp(
        "A signing-certificate SHA-256 fingerprint the package must list (with or without colons). Repeatable.",
        valueName: "fingerprint"))
    var fingerprints: [String] = []

    @Flag(help: "Also fetch Apple's CDN copy, compare it with the origin and report the CDN's failure headers.")
    var cdn = false

    @Option(name: .customLong("cdn-base-url"), help: ArgumentHelp(
        "Where Apple's CDN is (implies --cdn).", valueName: "url"))
    var cdnBaseURL: String?

    @Option(name: .customLong("sitemap"), help: ArgumentHelp(
        "A sitemap, sitemap index or list of URLs (an http(s) URL, a file, or - for standard input): "
            + "summarise which pages open the app, grouped by the rule that decides. Repeatable.", valueName: "url-or-file"))
    var sitemaps: [String] = []

    @OptionGroup var network: DoctorNetworkOptions

    @OptionGroup var output: OutputFormatOptions

    func validate() throws {
        guard !targets.isEmpty || !localServers.isEmpty || entitlements != nil || manifest != nil || !sitemaps.isEmpty || !urls.isEmpty else {
            throw ValidationError("give a host to check (landfall doctor example.com), or --local, --entitlements, --manifest, --url or --sitemap")
        }
        for target in targets { _ = try Self.target(target) }
        for server in localServers { _ = try Self.localTarget(server) }
        for appID in appIDs {
            if let problem = AppIDFormat.problem(in: appID) {
                throw ValidationError("--app-id \(appID): \(problem.message)" + (problem.suggestion.map { " (\($0))" } ?? ""))
            }
        }
        for url in urls {
            do {
                let link = try LinkURL(parsing: url)
                guard ["https", "http"].contains(link.scheme.lowercased()) else {
                    throw ValidationError("--url \(url): only http(s) URLs open apps")
                }
            } catch let error as ValidationError {
                throw error
            } catch {
                throw ValidationError("--url \(url): \(error)")
            }
        }
        for fingerprint in fingerprints {
            do { _ = try CertificateFingerprint(parsing: fingerprint) } catch {
                throw ValidationError("--sha256 \(fingerprint): \(error.message)")
            }
        }
        if let cdnBaseURL {
            guard let url = URLComponents(string: cdnBaseURL), ["https", "http"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--cdn-base-url \(cdnBaseURL): give an http(s) URL such as https://cdn.example.test")
            }
        }
        if platform == .ios, androidPackage != nil || !fingerprints.isEmpty || manifest != nil {
            throw ValidationError("--android-package, --sha256 and --manifest check Android's file; --platform ios leaves it out")
        }
        if !fingerprints.isEmpty, androidPackage == nil {
            throw ValidationError("--sha256 needs --android-package: fingerprints are checked for one package")
        }
        if sitemaps.filter({ $0 == InputFile.standardInputArgument }).count > 1 {
            throw ValidationError("standard input (-) can be read only once")
        }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        let request: DoctorRequest
        let settings: DoctorNetworkSettings
        do {
            request = try makeRequest(in: context)
            var network = try network.settings(in: context)
            // Loopback names (localhost, *.localhost) reach this machine without asking DNS, unless --resolve says otherwise.
            for target in request.targets where target.isLocal && target.isLoopbackName && network.addressOverrides[target.host] == nil {
                network.addressOverrides[target.host] = "127.0.0.1"
            }
            settings = network
        } catch {
            result.fail("\(error)", status: .usageOrInputError)
            return result
        }
        let report: DoctorReport
        do {
            report = try await withDoctorNetwork(settings) { network in
                let doctor = Doctor(network: network, trustRoots: Doctor.trustRoots(adding: settings.extraTrustRoots))
                return await doctor.examine(request)
            }
        } catch {
            result.fail("the doctor could not start its HTTP client: \(error)", status: .usageOrInputError)
            return result
        }
        switch output.format {
        case .text: result.standardOutput = DoctorReportText(report: report, style: context.style).text
        case .json: result.standardOutput = DoctorReportJSON.text(for: report)
        }
        result.raise(to: CommandStatus(rawValue: report.outcome.exitStatus))
        return result
    }

    /// The request the arguments describe; reads the entitlements and local sitemaps.
    func makeRequest(in context: CommandContext) throws -> DoctorRequest {
        var request = DoctorRequest(
            targets: try targets.map(Self.target) + localServers.map(Self.localTarget),
            appIDs: appIDs, urls: urls, platform: platform,
            androidPackage: androidPackage, androidFingerprints: fingerprints,
            checkCDN: cdn || cdnBaseURL != nil, cdnBaseURL: cdnBaseURL ?? DoctorRequest.appleCDNBaseURL)
        if let entitlements {
            let input = try InputFile.read(entitlements, in: context)
            request.entitlements = (input.displayName, EntitlementsFile(data: Data(input.bytes)))
        }
        if let manifest {
            let (read, input) = try AndroidManifest.read(manifest, in: context)
            request.manifest = (input.displayName, read)
            if request.androidPackage == nil { request.androidPackage = read.package }
        }
        request.sitemaps = try sitemaps.map { (argument: String) throws -> DoctorRequest.Sitemap in
            let lower = argument.lowercased()
            if lower.hasPrefix("https://") || lower.hasPrefix("http://") { return .remote(argument) }
            let input = try InputFile.read(argument, in: context)
            return .local(name: input.displayName, bytes: input.bytes)
        }
        return request
    }
}

extension DoctorCommand {
    /// A target argument read, or a usage error saying what to type instead.
    static func target(_ text: String) throws(ValidationError) -> DoctorTarget {
        do { return try DoctorTarget(parsing: text) } catch { throw ValidationError(error.message) }
    }

    /// A `--local` server read, or a usage error saying what to type instead.
    static func localTarget(_ text: String) throws(ValidationError) -> DoctorTarget {
        do { return try DoctorTarget(local: text) } catch { throw ValidationError(error.message) }
    }
}

extension DoctorRequest.Platform: ExpressibleByArgument {}
