import AppSiteAssociation
import Foundation
import LandfallDoctor
import LandfallSite

/// The app's own files a contract reads: the Android manifest (with the `assetlinks.json` the
/// hosts serve) and the iOS entitlements.
struct LinkContractApps {
    /// What Android does with a URL, for the package a case names (or the contract's).
    var android: ((LinkURL, String?) -> AndroidIntentDecision)?
    /// The package Android cases are about when they name none.
    var package: String?
    /// The iOS app's entitlements, when the contract gives them.
    var entitlements: EntitlementsFile?

    /// Loads the contract's `manifest:`, `assetlinks:` and `entitlements:`; `site` supplies
    /// the served `assetlinks.json` of each host when the contract has `site:`. On failure
    /// writes why to `output`, raises its status to 2 and returns `nil`.
    static func load(_ contract: LinkContract, site: Site?, in context: CommandContext,
                     into output: inout CommandOutput) -> LinkContractApps? {
        var apps = LinkContractApps()
        var expo: ExpoNativeFiles?
        if let path = contract.expo {
            do {
                let input = try InputFile.read(path, in: context)
                expo = try ExpoNativeFiles(appJSON: String(decoding: input.bytes, as: UTF8.self))
            } catch let error as InputError {
                output.fail(error.description, status: .usageOrInputError)
                return nil
            } catch {
                output.fail("\(path) is not a usable Expo app.json: \(error)", status: .usageOrInputError)
                return nil
            }
            if contract.platforms.contains(.android), expo?.manifest == nil {
                output.fail("\(path) has no `android` section, so no link opens the Android app; add it (landfall config expo) "
                            + "or set `platforms: [ios]`", status: .usageOrInputError)
                return nil
            }
        }
        if let path = contract.entitlements ?? contract.expo.flatMap({ expo?.entitlements == nil ? nil : $0 }) {
            do {
                let bytes = try expo?.entitlements.map { Array($0.utf8) } ?? InputFile.read(path, in: context).bytes
                let file = EntitlementsFile(data: Data(bytes))
                for diagnostic in file.diagnostics {
                    output.printError("warning: \(path): \(TerminalText.visible(diagnostic.description))")
                }
                apps.entitlements = file
            } catch let error as InputError {
                output.fail(error.description, status: .usageOrInputError)
                return nil
            } catch {
                output.fail("\(path): \(error)", status: .usageOrInputError)
                return nil
            }
        }
        guard let path = contract.manifest ?? contract.expo else { return apps }
        let manifest: AndroidManifest
        do {
            if let text = expo?.manifest {
                manifest = try AndroidManifest(text: text)
            } else {
                manifest = try AndroidManifest.read(path, in: context).manifest
            }
        } catch let error as InputError {
            output.fail(error.description, status: .usageOrInputError)
            return nil
        } catch {
            output.fail("\(path) is not a usable Expo app.json: the manifest made from it cannot be read: \(error)", status: .usageOrInputError)
            return nil
        }
        for diagnostic in manifest.diagnostics where diagnostic.severity == .error {
            output.printError("warning: \(path): \(TerminalText.visible(diagnostic.description))")
        }

        var assetLinks: (@Sendable (String) -> AssetLinksFile?)?
        if let site {
            assetLinks = { host in site.assetLinks(servedOn: host) }
            apps.package = contract.package ?? manifest.package
                ?? (site.configuration.apps.compactMap(\.android).count == 1 ? site.configuration.apps.compactMap(\.android?.package).first : nil)
        } else {
            apps.package = contract.package ?? manifest.package
            if let file = contract.assetLinks {
                do {
                    let served = try AssetLinksFile.read(file, in: context)
                    assetLinks = { _ in served }
                } catch {
                    output.fail(error.description, status: .usageOrInputError)
                    return nil
                }
            }
        }
        let needsPackage = contract.cases.contains { $0.opensOnAndroid != nil && $0.androidPackage == nil } || contract.routeExamples
        if assetLinks != nil, apps.package == nil, needsPackage {
            output.fail("android cases need the app's package to check the served assetlinks.json: add `package: com.example.app` "
                        + "at the top (the manifest has no package attribute)", status: .usageOrInputError)
            return nil
        }
        let fallback = apps.package
        // The lines of a manifest made from app.json are nobody's: leave them out.
        apps.decide = { [linesMeanSomething = expo == nil] assetLinks, url, package in
            var decision = AndroidIntentMatcher(manifest, assetLinks: assetLinks, packageName: package ?? fallback).decision(for: url)
            if !linesMeanSomething { decision.filterLine = nil }
            return decision
        }
        apps.useAssetLinks(assetLinks)
        return apps
    }

    /// How a URL is decided on Android with the given served files.
    private var decide: ((@Sendable (String) -> AssetLinksFile?)?, LinkURL, String?) -> AndroidIntentDecision = { _, url, _ in
        AndroidIntentDecision(url: url.text, opens: false, activity: nil, filterLine: nil, reason: .noFilterMatches, summary: "", steps: [])
    }

    /// Decides Android cases with `assetLinks` as the files the hosts serve.
    private mutating func useAssetLinks(_ assetLinks: (@Sendable (String) -> AssetLinksFile?)?) {
        let decide = decide
        android = { url, package in decide(assetLinks, url, package) }
    }

    /// `--live`: decides Android cases with the `assetlinks.json` each host of the cases serves
    /// now, fetched as Android's verifier does (a host without a usable file verifies nothing).
    /// Prints one line per host; a host that could not be checked raises the status to 2.
    mutating func useLiveAssetLinks(for cases: [LinkContractCase], doctor: Doctor, into output: inout CommandOutput) async {
        guard android != nil else { return }
        var hosts: [String] = []
        var ports: [String: Int] = [:]
        for contractCase in cases where contractCase.opensOnAndroid != nil && ["http", "https"].contains(contractCase.url.scheme) {
            let host = contractCase.url.host.lowercased()
            if !hosts.contains(host) { hosts.append(host) }
            if let port = contractCase.url.port { ports[host] = port }  // a stand-in on another port; phones use 443
        }
        var files: [String: AssetLinksFile] = [:]
        for host in hosts {
            let target = DoctorTarget(host: host, port: ports[host] ?? 443)
            switch await doctor.assetLinksFile(of: target) {
            case .success(let file):
                files[host] = file
                output.print(TerminalText.visible("live: \(target.url(for: .assetLinks)): \(file.statements.count) statement\(file.statements.count == 1 ? "" : "s")"))
            case .failure(let unavailable):
                output.print(TerminalText.visible("live: \(target.url(for: .assetLinks)): " + (unavailable.couldNotCheck ? "could not check: " : "unusable: ") + unavailable.reason))
                if unavailable.couldNotCheck { output.raise(to: .usageOrInputError) }
            }
        }
        useAssetLinks { [files] host in files[host] }
    }
}
