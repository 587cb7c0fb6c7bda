import AppSiteAssociation
import DeepLinkRouting
import LandfallDoctor
import LandfallSite

/// The association files and router a contract is checked against, loaded from its
/// ``LinkContract/Source``.
struct LinkContractSources {
    /// The association file deciding for a URL (by its host, for a site), or `nil` if none.
    var matcher: (LinkURL) -> AssociationMatcher?
    /// The router, if the contract names one.
    let router: Router?
    /// With `--live`, why a URL's host has no usable association file, or `nil`.
    var unavailable: (LinkURL) -> String? = { _ in nil }
    /// The site, when the contract names one.
    var site: Site?
    /// Every example of every route, for `routeExamples: true`.
    var examples: [RouteExample] = []

    /// One example URL of a route: the route's name, and (for a site) whether the route opens
    /// the app and which apps.
    struct RouteExample {
        var url: String
        var route: String
        /// `nil` for a route table, which does not say what opens an app.
        var opensApps: [AppConfiguration]?
    }

    /// Loads `source`; on failure writes why to `output`, raises its status to 2 (the
    /// input cannot be used) and returns `nil`.
    static func load(_ source: LinkContract.Source, in context: CommandContext,
                     into output: inout CommandOutput) -> LinkContractSources? {
        switch source {
        case .site(let path):
            return site(path, in: context, into: &output)
        case .files(let associationPath, let routesPath):
            var matcher: AssociationMatcher?
            var router: Router?
            var examples: [RouteExample] = []
            if let associationPath {
                do {
                    let input = try InputFile.read(associationPath, in: context)
                    matcher = AssociationMatcher(try AssociationFile(json: input.bytes))
                } catch let error as InputError {
                    output.fail(error.description, status: .usageOrInputError)
                    return nil
                } catch {
                    output.fail("\(associationPath) is not a usable association file: \(error)\n"
                                + "  run `landfall aasa validate \(associationPath)` for every problem", status: .usageOrInputError)
                    return nil
                }
            }
            if let routesPath {
                do {
                    let input = try InputFile.read(routesPath, in: context)
                    let read = try RouteTableReader.read(input)
                    for warning in read.warnings { output.printError("warning: \(TerminalText.visible(warning))") }
                    router = try Router(table: read.table)
                    examples = read.table.routes.flatMap { definition in
                        definition.examples.map { RouteExample(url: $0, route: definition.effectiveName, opensApps: nil) }
                    }
                } catch let error as InputError {
                    output.fail(error.description, status: .usageOrInputError)
                    return nil
                } catch let error as RouteTableReader.Failure {
                    output.fail(error.description, status: .usageOrInputError)
                    return nil
                } catch {
                    output.fail("\(routesPath): \(error)", status: .usageOrInputError)
                    return nil
                }
            }
            return LinkContractSources(matcher: { [matcher] _ in matcher }, router: router, examples: examples)
        }
    }

    /// A site configuration's router and generated association files: the link host's on the
    /// link host (or a development name standing for it), the site's everywhere else.
    private static func site(_ path: String, in context: CommandContext, into output: inout CommandOutput) -> LinkContractSources? {
        guard let (site, issues, source) = SiteConfigurationInput.check(path, in: context, into: &output) else {
            return nil
        }
        guard let site else {
            output.printError("error: \(source) is not a usable site configuration; run `landfall config check \(path)`")
            for issue in issues { output.printError(TerminalText.visible(issue.description(in: source))) }
            output.raise(to: .usageOrInputError)
            return nil
        }
        let siteMatcher = AssociationMatcher(site.appleAssociation)
        let linksMatcher = AssociationMatcher(site.linksAppleAssociation)
        let hosts = site.configuration.hosts
        let configuration = site.configuration
        let examples = configuration.routes.flatMap { route in
            route.definition.examples.map {
                RouteExample(url: $0, route: route.name, opensApps: route.opensApp ? configuration.apps(for: route) : [])
            }
        }
        return LinkContractSources(matcher: { url in
            hosts.role(of: url.host)?.served == .links ? linksMatcher : siteMatcher
        }, router: site.router, site: site, examples: examples)
    }

    /// `--live`: replaces the association files with those the hosts of the cases that state
    /// `opens:` serve now, fetched as a phone's fetcher does (no redirects followed). Prints
    /// one line per host; a host that could not be checked (no answer in time) raises the
    /// status to 2.
    mutating func useLiveFiles(for cases: [LinkContractCase], doctor: Doctor, into output: inout CommandOutput) async {
        var targets: [DoctorTarget] = []
        for contractCase in cases where contractCase.opening != nil {
            let target = DoctorTarget(host: contractCase.url.host.lowercased(), port: contractCase.url.port ?? 443)
            if !targets.contains(target) { targets.append(target) }
        }
        var matchers: [DoctorTarget: AssociationMatcher] = [:]
        var reasons: [DoctorTarget: String] = [:]
        for target in targets {
            let url = target.url(for: .appleAssociation)
            switch await doctor.appleAssociationFile(of: target) {
            case .success(let file):
                let matcher = AssociationMatcher(file)
                matchers[target] = matcher
                output.print(TerminalText.visible("live: \(url): lists " + (matcher.appIDs.isEmpty ? "no app" : matcher.appIDs.joined(separator: ", "))))
            case .failure(let unavailable):
                reasons[target] = unavailable.reason
                output.print(TerminalText.visible("live: \(url): " + (unavailable.couldNotCheck ? "could not check: " : "unusable: ") + unavailable.reason))
                if unavailable.couldNotCheck { output.raise(to: .usageOrInputError) }
            }
        }
        func target(of url: LinkURL) -> DoctorTarget { DoctorTarget(host: url.host.lowercased(), port: url.port ?? 443) }
        matcher = { [matchers] url in matchers[target(of: url)] }
        unavailable = { [reasons] url in reasons[target(of: url)] }
    }
}
