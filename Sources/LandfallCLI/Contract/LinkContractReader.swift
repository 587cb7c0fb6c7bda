import AppSiteAssociation
import Foundation
import LandfallSite
import Yams

/// Reads a ``LinkContract`` from YAML, refusing anything it would not check as written: an
/// unknown key (with the closest known one), a value of the wrong type, a `route` with no
/// router to ask, a case that states nothing. Every error names the YAML path and line.
///
/// Paths in the contract (`association`, `site`, `routes`) are relative to the contract
/// file's folder (to the working directory when the contract is read from standard input).
///
/// ```swift
/// let contract = try LinkContractReader.read(input)   // throws LinkContractError
/// ```
enum LinkContractReader {
    static let topKeys = ["association", "site", "routes", "app", "package", "manifest", "entitlements", "expo", "assetlinks",
                          "platforms", "routeExamples", "cases"]
    static let caseKeys = ["url", "platform", "opens", "activity", "route", "parameters"]

    /// Reads and checks `input`; with `live`, the association files come from the hosts
    /// (`landfall test --live`), so `opens:` needs no `association:` or `site:`.
    static func read(_ input: InputFile, live: Bool = false) throws(LinkContractError) -> LinkContract {
        let reader = Reader(file: input.displayName)
        guard let text = String(bytes: input.bytes, encoding: .utf8) else {
            throw reader.error(nil, "", "the file is not UTF-8 text")
        }
        let root: Node?
        do {
            root = try BoundedYAML.compose(yaml: text)
        } catch let error as BoundedYAML.TooLarge {
            throw reader.error(nil, "", "too large: \(error)")
        } catch {
            throw reader.error(nil, "", "not valid YAML: \(error)")
        }
        guard let root, let mapping = root.mapping else {
            throw reader.error(root, "", "a contract is a mapping with `cases:` and one of `association:`, `site:` or `routes:`")
        }
        try reader.checkKeys(mapping, known: topKeys, at: "")

        let folder = input.isStandardInput ? nil : URL(fileURLWithPath: input.argument).deletingLastPathComponent()
        func path(_ key: String) throws(LinkContractError) -> String? {
            guard let node = mapping[key] else { return nil }
            let value = try reader.string(node, at: key, example: "examples/demo/landfall.yml")
            guard !value.isEmpty else { throw reader.error(node, key, "the path is empty") }
            if value.hasPrefix("/") || folder == nil { return value }
            return folder.map { URL(fileURLWithPath: value, relativeTo: $0).standardizedFileURL.path } ?? value
        }
        let association = try path("association")
        let site = try path("site")
        let routes = try path("routes")
        let manifest = try path("manifest")
        let assetLinks = try path("assetlinks")
        let entitlements = try path("entitlements")
        let expo = try path("expo")
        if expo != nil, manifest != nil || entitlements != nil {
            let other = manifest != nil ? "manifest" : "entitlements"
            throw reader.error(mapping[other], other, "`expo:` stands for the app's manifest and entitlements (as prebuild makes them from app.json); give either `expo:` or `manifest:`/`entitlements:`")
        }
        let androidFiles = manifest ?? expo
        if let assetLinks, site != nil {
            _ = assetLinks
            throw reader.error(mapping["assetlinks"], "assetlinks", "with `site:` the assetlinks.json files are the ones the site generates; remove `assetlinks:` (or use `association:`/`routes:` instead of `site:`)")
        }
        let source: LinkContract.Source
        if let site {
            if association != nil || routes != nil {
                let other = association != nil ? "association" : "routes"
                throw reader.error(mapping[other], other, "give either `site:` (which generates the association files and the router) or `association:`/`routes:`, not both")
            }
            source = .site(path: site)
        } else if association != nil || routes != nil || live {
            source = .files(association: association, routes: routes)
        } else {
            throw reader.error(root, "", "say what to check against: `association:` (an apple-app-site-association file), `site:` (a site configuration) or `routes:` (a route table), or run with --live")
        }

        var app: String?
        if let node = mapping["app"] {
            app = try reader.string(node, at: "app", example: "ABCDE12345.com.example.app")
            if app?.isEmpty == true { throw reader.error(node, "app", "the app ID is empty; write a Team ID and bundle ID such as ABCDE12345.com.example.app") }
        }
        var package: String?
        if let node = mapping["package"] {
            package = try reader.string(node, at: "package", example: "com.example.app")
            if package?.isEmpty == true { throw reader.error(node, "package", "the package is empty; write the Android application ID such as com.example.app") }
        }

        var platforms: [LinkPlatform] = androidFiles == nil ? [.ios] : [.ios, .android]
        if let node = mapping["platforms"] {
            let items = node.sequence.map(Array.init) ?? [node]
            platforms = []
            for item in items {
                let text = try reader.string(item, at: "platforms", example: "ios")
                guard let platform = LinkPlatform(rawValue: text) else {
                    throw reader.error(item, "platforms", "unknown platform '\(text)'; write ios, android or [ios, android]")
                }
                if !platforms.contains(platform) { platforms.append(platform) }
            }
            guard !platforms.isEmpty else { throw reader.error(node, "platforms", "the list is empty; write ios, android or [ios, android]") }
        }
        if platforms.contains(.android), androidFiles == nil {
            throw reader.error(mapping["platforms"] ?? root, "platforms", "android cases need the app's manifest: add `manifest: path/to/AndroidManifest.xml` at the top")
        }
        if !platforms.contains(.android), manifest != nil, mapping["platforms"] != nil {
            throw reader.error(mapping["manifest"], "manifest", "`manifest:` is read for android cases, but `platforms:` leaves android out")
        }
        if entitlements != nil, !platforms.contains(.ios) {
            throw reader.error(mapping["entitlements"], "entitlements", "`entitlements:` is read for ios cases, but `platforms:` leaves ios out")
        }
        if assetLinks != nil, androidFiles == nil {
            throw reader.error(mapping["assetlinks"], "assetlinks", "`assetlinks:` is read for android cases: add `manifest:` (the app's AndroidManifest.xml)")
        }
        var routeExamples = false
        if let node = mapping["routeExamples"] {
            guard node.tagName == .bool, let value = node.bool else {
                throw reader.error(node, "routeExamples", "expected true or false, found \(Reader.kind(of: node))")
            }
            routeExamples = value
            if value, site == nil, routes == nil {
                throw reader.error(node, "routeExamples", "`routeExamples: true` checks the examples of the routes: add `site:` or `routes:` at the top")
            }
        }

        var sequence: [Node] = []
        if let casesNode = mapping["cases"] {
            guard let list = casesNode.sequence else {
                throw reader.error(casesNode, "cases", "expected a list of cases (`- url: ...`), found \(Reader.kind(of: casesNode))")
            }
            sequence = Array(list)
            guard sequence.count > 0 || routeExamples else {
                throw reader.error(casesNode, "cases", "the list is empty; a contract checks at least one URL (or add `routeExamples: true`)")
            }
        } else if !routeExamples {
            throw reader.error(root, "", "the contract has no `cases:`; list the URLs to check, each with `url:` and `opens:` or `route:` (or add `routeExamples: true`)")
        }
        var hasRouter: Bool {
            switch source {
            case .site: true
            case .files(_, let routes): routes != nil
            }
        }
        var hasAssociation: Bool {
            if live { return true }
            switch source {
            case .site: return true
            case .files(let association, _): return association != nil
            }
        }
        var cases: [LinkContractCase] = []
        for (index, node) in sequence.enumerated() {
            cases.append(try reader.readCase(node, at: "cases[\(index)]", defaultApp: app, platforms: platforms,
                                             hasRouter: hasRouter, hasAssociation: hasAssociation))
        }
        return LinkContract(source: source, app: app, package: package, manifest: manifest, assetLinks: assetLinks,
                            entitlements: entitlements, expo: expo, platforms: platforms, routeExamples: routeExamples, cases: cases)
    }

    /// Reads nodes and makes errors naming their place.
    private struct Reader {
        let file: String

        func error(_ node: Node?, _ path: String, _ message: String) -> LinkContractError {
            LinkContractError(file: file, line: node?.mark?.line, path: path, message: message)
        }

        static func kind(of node: Node) -> String {
            switch node {
            case .mapping: return "a mapping"
            case .sequence: return "a list"
            case .alias: return "an alias"
            case .scalar(let scalar):
                switch node.tagName {
                case .bool: return "the boolean \(scalar.string)"
                case .int, .float: return "the number \(scalar.string)"
                case .null: return "nothing"
                default: return "the text '\(scalar.string)'"
                }
            }
        }

        func checkKeys(_ mapping: Node.Mapping, known: [String], at path: String) throws(LinkContractError) {
            for key in mapping.keys {
                guard let name = key.scalar?.string else {
                    throw error(key, path, "keys are names such as \(known[0]), not \(Self.kind(of: key))")
                }
                guard known.contains(name) else {
                    let keyPath = path.isEmpty ? name : path + "." + name
                    let hint = NameSuggestion.closest(to: name, among: known).map { "did you mean '\($0)'?" }
                        ?? "the keys are " + known.joined(separator: ", ")
                    throw error(key, keyPath, "unknown key '\(name)'; \(hint)")
                }
            }
        }

        /// A text scalar; with `numbersAsText`, a number written bare (a route name or a
        /// parameter value such as `year: 2024`) is taken as written, and with
        /// `booleansAsText` a bare `true` or `false` too (a parameter value).
        func string(_ node: Node, at path: String, example: String,
                    numbersAsText: Bool = false, booleansAsText: Bool = false) throws(LinkContractError) -> String {
            let tag = node.tagName
            guard let scalar = node.scalar, tag != .null, booleansAsText || tag != .bool,
                  numbersAsText || (tag != .int && tag != .float) else {
                throw error(node, path, "expected text such as \(example), found \(Self.kind(of: node))")
            }
            return scalar.string
        }

        func readCase(_ node: Node, at path: String, defaultApp: String?, platforms contractPlatforms: [LinkPlatform],
                      hasRouter: Bool, hasAssociation: Bool) throws(LinkContractError) -> LinkContractCase {
            guard let mapping = node.mapping else {
                throw error(node, path, "expected a case (`url:` with `opens:` or `route:`), found \(Self.kind(of: node))")
            }
            try checkKeys(mapping, known: LinkContractReader.caseKeys, at: path)
            guard let urlNode = mapping["url"] else {
                throw error(node, path, "the case has no `url:`")
            }
            let text = try string(urlNode, at: path + ".url", example: "https://example.com/path")
            let url: LinkURL
            do {
                url = try LinkURL(parsing: text)
            } catch {
                throw self.error(urlNode, path + ".url", error.description)
            }

            var platforms = contractPlatforms
            if let platformNode = mapping["platform"] {
                let text = try string(platformNode, at: path + ".platform", example: "android")
                guard let platform = LinkPlatform(rawValue: text) else {
                    throw error(platformNode, path + ".platform", "unknown platform '\(text)'; write ios or android")
                }
                guard contractPlatforms.contains(platform) else {
                    throw error(platformNode, path + ".platform", platform == .android
                        ? "android cases need the app's manifest: add `manifest: path/to/AndroidManifest.xml` at the top"
                        : "the contract's `platforms:` leaves ios out")
                }
                platforms = [platform]
            }

            var opening: LinkContractCase.Opening?
            var opensOnAndroid: Bool?
            var androidPackage: String?
            if let opensNode = mapping["opens"] {
                let opensPath = path + ".opens"
                guard let scalar = opensNode.scalar, opensNode.tagName != .null else {
                    throw error(opensNode, opensPath, "expected true, false or an app ID such as ABCDE12345.com.example.app, found \(Self.kind(of: opensNode))")
                }
                if platforms.contains(.android) {
                    if opensNode.tagName == .bool, let opens = opensNode.bool {
                        opensOnAndroid = opens
                    } else if opensNode.tagName == .str, !scalar.string.isEmpty, scalar.string.contains("."), platforms == [.android] {
                        opensOnAndroid = true
                        androidPackage = scalar.string
                    } else {
                        throw error(opensNode, opensPath, platforms == [.android]
                            ? "expected true, false or a package such as com.example.app, found \(Self.kind(of: opensNode))"
                            : "a case checked on ios and android takes `opens: true` or `false`; name the apps with `app:` and `package:` at the top (or add `platform:` to the case)")
                    }
                }
                if !platforms.contains(.ios) {
                    // Android only: nothing more to read.
                } else if opensNode.tagName == .bool, let opens = opensNode.bool {
                    guard let defaultApp else {
                        throw error(opensNode, opensPath, "`opens: \(opens)` needs the app: add `app: TEAMID.bundle.id` at the top, or write the app here (`opens: TEAMID.bundle.id`)")
                    }
                    opening = opens ? .opens(appID: defaultApp) : .doesNotOpen(appID: defaultApp)
                } else if opensNode.tagName == .str,
                          !scalar.string.isEmpty, scalar.string.contains(".") {
                    opening = .opens(appID: scalar.string)
                } else {
                    throw error(opensNode, opensPath, "expected true, false or an app ID such as ABCDE12345.com.example.app, found \(Self.kind(of: opensNode))")
                }
                guard hasAssociation || !platforms.contains(.ios) else {
                    throw error(opensNode, opensPath, "`opens` needs an association file: add `association:` (or `site:`) at the top")
                }
            }

            var activity: String?
            if let activityNode = mapping["activity"] {
                activity = try string(activityNode, at: path + ".activity", example: ".MainActivity")
                guard platforms.contains(.android), opensOnAndroid == true else {
                    throw error(activityNode, path + ".activity", "`activity` is checked when the URL opens the Android app: add `opens: true` (and `manifest:` at the top)")
                }
            }

            var route: String?
            if let routeNode = mapping["route"] {
                route = try string(routeNode, at: path + ".route", example: "puzzle", numbersAsText: true)
                guard hasRouter else {
                    throw error(routeNode, path + ".route", "`route` needs a router: add `site:` (a site configuration) or `routes:` (a route table) at the top")
                }
            }

            var parameters: [(name: String, values: [String])] = []
            if let parametersNode = mapping["parameters"] {
                let parametersPath = path + ".parameters"
                guard route != nil else {
                    throw error(parametersNode, parametersPath, "`parameters` are checked on the matched route: add `route:` to the case")
                }
                guard let pairs = parametersNode.mapping else {
                    throw error(parametersNode, parametersPath, "expected a mapping of names to values such as {date: \"2026-11-20\"}, found \(Self.kind(of: parametersNode))")
                }
                for (key, value) in pairs {
                    let name = try string(key, at: parametersPath, example: "date", numbersAsText: true)
                    let valuePath = parametersPath + "." + name
                    if let list = value.sequence {
                        var values: [String] = []
                        for item in list { values.append(try string(item, at: valuePath, example: "\"2026-11-20\"", numbersAsText: true, booleansAsText: true)) }
                        parameters.append((name, values))
                    } else {
                        parameters.append((name, [try string(value, at: valuePath, example: "\"2026-11-20\"", numbersAsText: true, booleansAsText: true)]))
                    }
                }
            }
            guard opening != nil || opensOnAndroid != nil || route != nil else {
                throw error(node, path, "the case states nothing to check: add `opens:` or `route:`")
            }
            return LinkContractCase(url: url, line: node.mark?.line ?? 0, opening: opening, opensOnAndroid: opensOnAndroid,
                                    androidPackage: androidPackage, activity: activity, route: route, parameters: parameters)
        }
    }
}

private extension Node {
    /// The node's resolved tag (`bool` for a bare `true`, `str` for a quoted one).
    var tagName: Tag.Name { Tag.Name(rawValue: tag.rawValue) }
}
