import AppSiteAssociation
import ArgumentParser
import DeepLinkRouting
import Foundation
import LandfallDoctor
import LandfallSite

/// `landfall test CONTRACT.yml`: checks a file of link expectations (this URL opens this app,
/// or does not; it opens this route with these parameters) against a local association file,
/// a route table or a site configuration, or (`--live`) the files the hosts serve now.
struct ContractTestCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check a link contract: which URLs open the app, and which route and parameters they get.",
        discussion: """
            A contract is a YAML file naming what to check against - `association:` (an \
            apple-app-site-association file) and/or `routes:` (a route table), or `site:` (a \
            site configuration, whose generated association files and router are used) - an \
            optional default `app:`, and `cases:`. Each case has a `url:` and states any of \
            `opens:` (true, false, or the app ID it must open), `route:` (the route's name) \
            and `parameters:` (names and values the matched route must have). Paths are \
            relative to the contract file.

            Android: `manifest:` (the app's AndroidManifest.xml) adds android to the \
            platforms `opens:` is checked on, as Android decides it: an intent filter of the \
            manifest must match the URL, and the host's served assetlinks.json (the ones the \
            `site:` generates, or `assetlinks:`) must grant the package (`package:`, or the \
            manifest's) and, as Android 15 does, its dynamic rules must allow the path. \
            `platforms: [ios, android]` sets the platforms; a case's `platform: android` \
            checks it on one; `activity:` names the activity it must open. \
            `entitlements:` (the app's .entitlements) makes an iOS case open the app only on a \
            host the entitlements claim. `expo:` (an Expo app.json) stands for both, as \
            `expo prebuild` writes them from its associatedDomains, intentFilters and scheme. \
            `routeExamples: true` adds a case for every example of \
            every route: its route, and whether it opens the apps, on every platform.

            --live checks `opens:` against the files each URL's host serves now: the \
            apple-app-site-association fetched as Apple's CDN does, and for Android cases the \
            assetlinks.json fetched as Android's verifier does (a redirect or an error page \
            makes a file unusable, so nothing opens); routes, the manifest and the \
            entitlements still come from the contract. The network options are those of \
            `landfall doctor`.

            Prints one line per case, ✓ or ✗, and for a failure what happened instead and \
            which rule or filter decided. --junit writes the results as JUnit XML for CI systems.

            The exit status is 0 when every case holds, 1 when any fails, and 2 for a usage \
            error, a contract, association file, route table, manifest or site configuration \
            that cannot be used (the message names the YAML path and line), or with --live a \
            host that did not answer in time.

            Example contract:
              site: ../demo/landfall.yml
              app: ABCDE12345.com.example.dailypuzzle
              manifest: ../app/AndroidManifest.xml
              entitlements: ../app/DailyPuzzle.entitlements
              routeExamples: true
              cases:
                - url: https://daily.example.com/puzzle/2026-11-20
                  opens: true
                  route: puzzle
                  parameters: {date: "2026-11-20"}
                - url: https://daily.example.com/archive/2025
                  opens: false
                - url: https://go.daily.example.com/health
                  platform: android
                  opens: false

            Examples:
              landfall test examples/contracts/demo.yml
              landfall test examples/contracts/demo-apps.yml
              landfall test contract.yml --junit results.xml
              landfall test contract.yml --live --timeout 30
            """
    )
    @Argument(help: ArgumentHelp("The contract (YAML), or - to read standard input.", valueName: "contract"))
    var contract: String

    @Option(name: .customLong("junit"), help: ArgumentHelp(
        "Also write the results as JUnit XML to this file (one test case per contract case).", valueName: "file"))
    var junitFile: String?

    @Flag(help: "Check opens: against the association files the hosts serve now, not local files.")
    var live = false

    @OptionGroup(title: "Live options (with --live)") var network: DoctorNetworkOptions

    func validate() throws {
        if !live, network.touched {
            throw ValidationError("--timeout, --connect-timeout, --ca-file and --resolve apply to --live only")
        }
        if junitFile?.isEmpty == true {
            throw ValidationError("--junit needs a file name, such as results.xml")
        }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        let input: InputFile
        let contract: LinkContract
        do {
            input = try InputFile.read(self.contract, in: context)
            contract = try LinkContractReader.read(input, live: live)
        } catch let error as InputError {
            result.fail(error.description, status: .usageOrInputError)
            return result
        } catch {
            result.fail("\(error)", status: .usageOrInputError)
            return result
        }
        guard var checker = LinkContractSources.load(contract.source, in: context, into: &result) else { return result }
        guard var apps = LinkContractApps.load(contract, site: checker.site, in: context, into: &result) else { return result }
        let cases = contract.cases + (contract.routeExamples ? exampleCases(contract, checker, package: apps.package, into: &result) : [])
        if live {
            do {
                let settings = try network.settings(in: context)
                try await withDoctorNetwork(settings) { network in
                    let doctor = Doctor(network: network, trustRoots: Doctor.trustRoots(adding: settings.extraTrustRoots))
                    await checker.useLiveFiles(for: cases, doctor: doctor, into: &result)
                    await apps.useLiveAssetLinks(for: cases, doctor: doctor, into: &result)
                }
            } catch {
                result.fail("\(error)", status: .usageOrInputError)
                return result
            }
        }
        let labelled = contract.platforms.count > 1
        let verdicts = cases.map {
            LinkContractVerdict(checking: $0, associations: checker.matcher, unavailable: checker.unavailable, router: checker.router,
                                apps: apps, labelled: labelled)
        }
        let style = context.style
        for verdict in verdicts {
            let url = verdict.contractCase.url.text + (verdict.contractCase.origin.map { " (\($0))" } ?? "")
            // Verdicts quote what the live association files and the router answered.
            if verdict.passed {
                result.print(style.paint("✓", .green) + " " + TerminalText.visible(url + "  " + verdict.held.joined(separator: "; ")))
            } else {
                result.print(style.paint("✗", .red) + " " + TerminalText.visible(url + "  " + verdict.failures.joined(separator: "; ")))
            }
        }
        let failed = verdicts.filter { !$0.passed }.count
        result.print("\(verdicts.count) case\(verdicts.count == 1 ? "" : "s"): \(verdicts.count - failed) passed, \(failed) failed")

        if let junitFile {
            let suite = input.isStandardInput ? "contract" : URL(fileURLWithPath: input.argument).deletingPathExtension().lastPathComponent
            do {
                try Data(LinkContractJUnit.document(suite: suite, verdicts: verdicts).utf8)
                    .write(to: URL(fileURLWithPath: junitFile))
            } catch {
                result.fail("cannot write \"\(junitFile)\": \(error.localizedDescription)", status: .usageOrInputError)
            }
        }
        if failed > 0 { result.raise(to: .problemsFound) }
        return result
    }

    /// `routeExamples: true`: a case for every example of every route, stating its route and,
    /// for a site, whether it opens the contract's apps (on each platform the contract checks).
    private func exampleCases(_ contract: LinkContract, _ sources: LinkContractSources, package: String?,
                              into output: inout CommandOutput) -> [LinkContractCase] {
        var cases: [LinkContractCase] = []
        for example in sources.examples {
            guard let url = try? LinkURL(parsing: example.url) else {
                output.printError("warning: the example \(example.url) of route \(example.route) is not a URL; skipped")
                continue
            }
            var exampleCase = LinkContractCase(url: url, line: 0, route: example.route, parameters: [],
                                               origin: "example of route \(example.route)")
            if let opensApps = example.opensApps {
                if contract.platforms.contains(.ios), let app = contract.app {
                    let opens = opensApps.contains { $0.ios?.appID == app }
                    exampleCase.opening = opens ? .opens(appID: app) : .doesNotOpen(appID: app)
                }
                if contract.platforms.contains(.android), contract.manifest != nil || contract.expo != nil {
                    exampleCase.opensOnAndroid = opensApps.contains { $0.android != nil && (package == nil || $0.android?.package == package) }
                }
            }
            cases.append(exampleCase)
        }
        if cases.isEmpty { output.printError("warning: routeExamples: true, but no route has examples") }
        return cases
    }
}
