import AppSiteAssociation
import Foundation
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
            let bytes = try expo?.manifest.map { Array($0.utf8) } ?? InputFile.read(path, in: context).bytes
            manifest = try AndroidManifest(bytes: bytes)
        } catch let error as InputError {
            output.fail(error.description, status: .usageOrInputError)
            return nil
        } catch {
            output.fail("\(path) is not a usable AndroidManifest.xml: \(error)", status: .usageOrInputError)
            return nil
        }
        for diagnostic in manifest.diagnostics where diagnostic.severity == .error {
            output.printError("warning: \(path): \(TerminalText.visible(diagnostic.description))")
        }

        var assetLinks: (@Sendable (String) -> AssetLinksFile?)?
        if let site {
            let hosts = site.configuration.hosts
            let (siteFile, linksFile) = (site.assetLinks, site.linksAssetLinks)
            assetLinks = { host in
                guard let role = hosts.role(of: host)?.served, role != .admin else { return nil }
                return role == .links ? linksFile : siteFile
            }
            apps.package = contract.package ?? manifest.package
                ?? (site.configuration.apps.compactMap(\.android).count == 1 ? site.configuration.apps.compactMap(\.android?.package).first : nil)
        } else {
            apps.package = contract.package ?? manifest.package
            if let file = contract.assetLinks {
                do {
                    let input = try InputFile.read(file, in: context)
                    let served = try AssetLinksFile(json: input.bytes)
                    assetLinks = { _ in served }
                } catch let error as InputError {
                    output.fail(error.description, status: .usageOrInputError)
                    return nil
                } catch {
                    output.fail("\(file) is not a usable assetlinks.json: \(error)\n"
                                + "  run `landfall aasa validate \(file)` for every problem", status: .usageOrInputError)
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
        let linesMeanSomething = expo == nil
        apps.android = { [assetLinks] url, package in
            var decision = AndroidIntentMatcher(manifest, assetLinks: assetLinks, packageName: package ?? fallback).decision(for: url)
            if !linesMeanSomething { decision.filterLine = nil }
            return decision
        }
        return apps
    }
}
