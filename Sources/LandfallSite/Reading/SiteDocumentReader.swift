import AppSiteAssociation
import DeepLinkRouting
import Foundation
import LandfallJSON
import LandfallLinks
import Yams

/// Walks a composed `landfall.yml`, section by section, into a ``SiteConfiguration``, with
/// the checks that need the document's places; it remembers the nodes of routes and examples
/// so that problems found later, on the built site, can point at their lines.
final class SiteDocumentReader {
    let document: YAMLDocument
    private var routeNodes: [Node] = []
    private var exampleNodes: [[Node]] = []
    private var routesNode: Node?
    private var associationsNode: Node?
    /// The nodes of the `invitations:` and `deferredLinks:` sections and of their keys, by
    /// key path (`invitations`, `invitations.route`).
    private var sectionNodes: [String: Node] = [:]
    /// The parameters of the routes read so far, in order, each once: what a named card
    /// template may name besides the page's placeholders.
    var routeParameters: [String] = []
    /// Routes whose `card:` names a template of `cards:` (`card: invite`), resolved once
    /// `cards:` is read: the route's index, the place, the name and its node.
    var namedRouteCards: [(route: Int, path: String, name: String, node: Node)] = []

    init(document: YAMLDocument) {
        self.document = document
    }

    static let topKeys = ["site", "hosts", "apps", "schemes", "routing", "routes", "associations", "links", "invitations", "deferredLinks", "webhooks", "retention", "cards"]
    static let siteKeys = ["name", "description", "timeZone", "home", "image", "imageAlt", "icon", "color"]
    static let hostKeys = ["site", "aliases", "links", "interstitial", "admin", "local", "development"]
    static let appKeys = ["name", "ios", "android"]
    static let iosKeys = ["teamID", "bundleID", "appStoreID", "scheme", "webCredentials"]
    static let androidKeys = ["package", "sha256", "playStoreID", "activity", "minSdk"]
    static let routingKeys = ["caseSensitive", "plusAsSpace", "acceptsHTTP"]
    static let routeKeys = ["pattern", "name", "parameters", "query", "priority", "caseSensitive", "requires", "examples",
                            "opensApp", "apps", "page", "embargo", "card"]
    static let pageKeys = ["template", "title", "description", "image", "content"]
    static let embargoKeys = ["day", "field", "timeZone"]
    static let associationKeys = ["maxAge", "components"]
    static let linkKeys = ["slugLength", "reservedSlugs", "allowlist", "longLinks", "longLinkImages"]
    static let invitationKeys = ["route", "parameter"]
    static let deferredLinkKeys = ["weakMatchWindow", "claimLifetime"]
    static let webhookKeys = ["allowPrivateNetworks", "keepDeliveries", "disableFailingAfter"]

    /// The configuration, or `nil` when the document has an error.
    func read(_ root: Node) -> SiteConfiguration? {
        guard let top = document.mapping(root, at: "", known: Self.topKeys, expected: "a mapping of sections (site, hosts, apps, routes, ...)") else {
            return nil
        }
        let site = section(top, "site", required: true).flatMap { readSite($0) }
        let hosts = section(top, "hosts", required: true).flatMap { readHosts($0) }
        let apps = readApps(top)
        let schemes = document.strings(top, "schemes", at: "").compactMap { text, node -> String? in
            guard Self.isScheme(text) else {
                document.error("'\(text)' is not a URL scheme; write letters, digits, '+', '-' or '.', starting with a letter, without '://'", at: "schemes", node)
                return nil
            }
            return text.lowercased()
        }
        let routing = readRouting(top)
        let routes = readRoutes(top, apps: apps ?? [], routing: routing)
        let associations = readAssociations(top)
        let links = readLinks(top)
        let invitations = readInvitations(top)
        let deferredLinks = readDeferredLinks(top)
        let webhooks = readWebhooks(top)
        let retention = readRetention(top)
        let cards = readCards(top)
        let routesWithCards = routes.map { resolveNamedRouteCards($0, cards: cards) }
        guard let site, let hosts, let apps, let routes = routesWithCards, !document.issues.contains(where: { $0.severity == .error }) else {
            return nil
        }
        return SiteConfiguration(
            name: site.name, description: site.description, timeZone: site.timeZone, homePath: site.home, image: site.image,
            imageAlt: site.imageAlt, icon: site.icon, color: site.color, hosts: hosts, apps: apps, schemes: schemes, routing: routing, routes: routes, associations: associations,
            links: links, invitations: invitations, deferredLinks: deferredLinks, webhooks: webhooks, retention: retention,
            cards: cards)
    }

    /// The node a problem on the built site points at.
    func node(for place: SiteProblem.Place) -> Node? {
        switch place {
        case .routes: routesNode
        case .route(let index): routeNodes.indices.contains(index) ? routeNodes[index] : routesNode
        case .example(let route, let example):
            exampleNodes.indices.contains(route) && exampleNodes[route].indices.contains(example)
                ? exampleNodes[route][example] : node(for: .route(route))
        case .associations: associationsNode
        case .invitations(let key): sectionNodes["invitations.\(key)"] ?? sectionNodes["invitations"]
        case .deferredLinks(let key): sectionNodes["deferredLinks.\(key)"] ?? sectionNodes["deferredLinks"]
        case .webhooks(let key): sectionNodes["webhooks.\(key)"] ?? sectionNodes["webhooks"]
        case .retention(let key): sectionNodes["retention.\(key)"] ?? sectionNodes["retention"]
        }
    }

    private func section(_ top: Node.Mapping, _ key: String, required: Bool) -> Node? {
        guard let node = top[key], !YAMLDocument.isNull(node) else {
            if required { document.error("the '\(key)' section is required", at: key, top[key] ?? YAMLDocument.anchor(of: top)) }
            return nil
        }
        return node
    }

    // MARK: site

    private struct SiteSection {
        var name: String
        var description: String?
        var timeZone: TimeZone
        var home: String
        var image: String?
        var imageAlt: String?
        var icon: String?
        var color: String?
    }

    private func readSite(_ node: Node) -> SiteSection? {
        guard let mapping = document.mapping(node, at: "site", known: Self.siteKeys) else { return nil }
        let name = document.string(mapping, "name", at: "site", required: true)?.0
        var timeZone = TimeZone(identifier: "UTC")!
        if let (text, zoneNode) = document.string(mapping, "timeZone", at: "site") {
            if let zone = Self.timeZone(text) {
                timeZone = zone
            } else {
                document.error(Self.unknownTimeZone(text), at: "site.timeZone", zoneNode)
            }
        } else {
            document.error("'timeZone' is required: the time zone embargoes count days in, such as America/New_York or UTC",
                           at: "site.timeZone", YAMLDocument.anchor(of: mapping))
        }
        var home = "/"
        if let (text, homeNode) = document.string(mapping, "home", at: "site") {
            if text.hasPrefix("/") && !text.hasPrefix("//") {
                home = text
            } else {
                document.error("'\(text)' is not a path on the site; write one starting with '/', such as /puzzle/today", at: "site.home", homeNode)
            }
        }
        let image = document.string(mapping, "image", at: "site")
        if let (text, imageNode) = image { checkImage(text, at: "site.image", imageNode) }
        let icon = document.string(mapping, "icon", at: "site")
        if let (text, iconNode) = icon { checkImage(text, at: "site.icon", iconNode) }
        var color: String?
        if let (text, colorNode) = document.string(mapping, "color", at: "site") {
            if let normalized = Self.color(text) {
                color = normalized
            } else {
                document.error("'\(text)' is not a colour; write it as #RRGGBB (or #RGB), such as #3B5BDB", at: "site.color", colorNode)
            }
        }
        guard let name else { return nil }
        return SiteSection(name: name, description: document.string(mapping, "description", at: "site")?.0,
                           timeZone: timeZone, home: home, image: image?.0,
                           imageAlt: document.string(mapping, "imageAlt", at: "site")?.0, icon: icon?.0, color: color)
    }

    /// `#rrggbb` for a colour written `#RRGGBB` or `#RGB` (any case), else `nil`.
    static func color(_ text: String) -> String? {
        guard text.hasPrefix("#"), text.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        let digits = text.dropFirst().lowercased()
        switch digits.count {
        case 6: return "#" + digits
        case 3: return "#" + digits.map { "\($0)\($0)" }.joined()
        default: return nil
        }
    }

    static func timeZone(_ text: String) -> TimeZone? {
        if text == "UTC" || text == "GMT" { return TimeZone(identifier: "UTC") }
        guard let zone = TimeZone(identifier: text), TimeZone.knownTimeZoneIdentifiers.contains(zone.identifier) || zone.identifier == text else {
            return nil
        }
        return zone
    }

    static func unknownTimeZone(_ text: String) -> String {
        let hint = NameSuggestion.closest(to: text, among: TimeZone.knownTimeZoneIdentifiers).map { "did you mean '\($0)'?" }
            ?? "write an IANA name such as America/New_York, Europe/Paris or UTC"
        return "unknown time zone '\(text)'; \(hint)"
    }

    private func checkImage(_ text: String, at path: String, _ node: Node) {
        let lowered = text.lowercased()
        if !(lowered.hasPrefix("https://") || lowered.hasPrefix("http://") || (text.hasPrefix("/") && !text.hasPrefix("//"))) {
            document.error("'\(text)' is not an image address; write an https URL or a path on the site starting with '/'", at: path, node)
        }
    }

    // MARK: hosts

    private func readHosts(_ node: Node) -> SiteHosts? {
        guard let mapping = document.mapping(node, at: "hosts", known: Self.hostKeys) else { return nil }
        var seen: [String: String] = [:]
        func host(_ text: String, at path: String, _ node: Node) -> String? {
            if let problem = HostName.problem(in: text) {
                document.error(problem, at: path, node)
                return nil
            }
            let name = text.lowercased()
            if let other = seen[name] {
                document.error("'\(name)' is already listed at \(other); a host has one role", at: path, node)
                return nil
            }
            seen[name] = path
            return name
        }
        let site = document.string(mapping, "site", at: "hosts", required: true).flatMap { host($0.0, at: "hosts.site", $0.1) }
        let aliases = document.strings(mapping, "aliases", at: "hosts").enumerated().compactMap { index, entry in
            host(entry.0, at: "hosts.aliases[\(index)]", entry.1)
        }
        let links = readLinkHosts(mapping["links"], host: host)
        let interstitial = document.string(mapping, "interstitial", at: "hosts").flatMap { host($0.0, at: "hosts.interstitial", $0.1) }
        if let interstitial, let site, HostName.registrableDomain(of: interstitial) == HostName.registrableDomain(of: site) {
            document.error("'\(interstitial)' is on the same domain as the site host '\(site)'; Safari opens the app only for a link to another domain, so the interstitial host needs one (such as open.example-links.com)",
                           at: "hosts.interstitial", mapping["interstitial"])
        }
        let admin = document.string(mapping, "admin", at: "hosts").flatMap { host($0.0, at: "hosts.admin", $0.1) }
        var local: [String: String] = [:]
        if let localNode = mapping["local"], !YAMLDocument.isNull(localNode) {
            if let localMapping = localNode.mapping {
                let served = [site].compactMap { $0 } + aliases + links.map(\.name) + [interstitial, admin].compactMap { $0 }
                for (keyNode, valueNode) in localMapping {
                    guard let name = keyNode.string, let target = valueNode.string else {
                        document.error("expected `development-name: configured-host`", at: "hosts.local", keyNode)
                        continue
                    }
                    let path = "hosts.local.\(name)"
                    guard let localName = host(name, at: path, keyNode) else { continue }
                    guard served.contains(target.lowercased()) else {
                        document.error("'\(target)' is not one of the hosts above (\(served.joined(separator: ", "))); a development name stands for one of them",
                                       at: path, valueNode)
                        continue
                    }
                    local[localName] = target.lowercased()
                }
            } else {
                document.error("expected a mapping such as {localhost: daily.example.com}, found \(YAMLDocument.describe(localNode))", at: "hosts.local", localNode)
            }
        }
        var development: [String] = []
        let served = [site].compactMap { $0 } + aliases + links.map(\.name) + [interstitial].compactMap { $0 }
        for (index, (text, developmentNode)) in document.strings(mapping, "development", at: "hosts").enumerated() {
            let name = text.lowercased()
            guard served.contains(name) else {
                let why = name == admin ? "the admin host serves no association file" : "a development host is one of the served hosts"
                document.error("'\(text)' is not one of \(served.joined(separator: ", ")); \(why)", at: "hosts.development[\(index)]", developmentNode)
                continue
            }
            if !development.contains(name) { development.append(name) }
        }
        guard let site else { return nil }
        return SiteHosts(site: site, aliases: aliases, links: links, interstitial: interstitial, admin: admin, local: local,
                         development: development)
    }

    static let linkHostKeys = ["host", "caseInsensitiveSlugs"]

    /// `hosts.links`: one host, or a list of hosts, each a name or `{host: NAME, caseInsensitiveSlugs: true}`.
    private func readLinkHosts(_ node: Node?, host: (String, String, Node) -> String?) -> [LinkHost] {
        guard let node, !YAMLDocument.isNull(node) else { return [] }
        if case .scalar(let scalar) = node {
            return host(scalar.string, "hosts.links", node).map { [LinkHost($0)] } ?? []
        }
        guard let sequence = node.sequence else {
            document.error("expected a host, or a list of hosts (the first is the default), found \(YAMLDocument.describe(node))",
                           at: "hosts.links", node)
            return []
        }
        if sequence.isEmpty {
            document.error("the list is empty; list at least one host, or leave hosts.links out for a site without short links",
                           at: "hosts.links", node)
        }
        var hosts: [LinkHost] = []
        for (index, element) in sequence.enumerated() {
            let path = "hosts.links[\(index)]"
            if case .scalar(let scalar) = element, !YAMLDocument.isNull(element) {
                if let name = host(scalar.string, path, element) { hosts.append(LinkHost(name)) }
                continue
            }
            guard let entry = document.mapping(element, at: path, known: Self.linkHostKeys,
                                               expected: "a host, or {host: go.example.com, caseInsensitiveSlugs: true}") else { continue }
            let caseInsensitive = document.bool(entry, "caseInsensitiveSlugs", at: path) ?? false
            if let (text, nameNode) = document.string(entry, "host", at: path, required: true),
               let name = host(text, "\(path).host", nameNode) {
                hosts.append(LinkHost(name, caseInsensitiveSlugs: caseInsensitive))
            }
        }
        return hosts
    }

    // MARK: apps

    private func readApps(_ top: Node.Mapping) -> [AppConfiguration]? {
        guard let node = section(top, "apps", required: true) else { return nil }
        guard let sequence = node.sequence, !sequence.isEmpty else {
            document.error("expected a list of apps, each with a name and an ios or android entry", at: "apps", node)
            return nil
        }
        var apps: [AppConfiguration] = []
        var names: Set<String> = []
        for (index, appNode) in sequence.enumerated() {
            let path = "apps[\(index)]"
            guard let mapping = document.mapping(appNode, at: path, known: Self.appKeys) else { continue }
            guard let (name, nameNode) = document.string(mapping, "name", at: path, required: true) else { continue }
            if !names.insert(name).inserted {
                document.error("another app is already named '\(name)'; names must be unique", at: "\(path).name", nameNode)
            }
            let ios = mapping["ios"].flatMap { YAMLDocument.isNull($0) ? nil : readIOS($0, at: "\(path).ios") }
            let android = mapping["android"].flatMap { YAMLDocument.isNull($0) ? nil : readAndroid($0, at: "\(path).android") }
            if mapping["ios"] == nil && mapping["android"] == nil {
                document.error("an app needs an 'ios' or an 'android' entry (or both)", at: path, appNode)
            }
            apps.append(AppConfiguration(name: name, ios: ios, android: android))
        }
        return apps
    }

    private func readIOS(_ node: Node, at path: String) -> IOSApp? {
        guard let mapping = document.mapping(node, at: path, known: Self.iosKeys) else { return nil }
        let team = document.string(mapping, "teamID", at: path, required: true)
        let bundle = document.string(mapping, "bundleID", at: path, required: true)
        guard let (teamID, teamNode) = team, let (bundleID, bundleNode) = bundle else { return nil }
        if let problem = AppIDFormat.problem(in: "\(teamID).\(bundleID)") {
            let blamesTeam = problem.message.lowercased().contains("team")
            let fix = problem.suggestion.map { " (the app ID would be \"\($0)\")" } ?? ""
            document.error("app ID \"\(teamID).\(bundleID)\": \(problem.message)\(fix)",
                           at: "\(path).\(blamesTeam ? "teamID" : "bundleID")", blamesTeam ? teamNode : bundleNode)
        }
        var appStoreID: String?
        if let (text, storeNode) = document.string(mapping, "appStoreID", at: path) {
            let digits = text.hasPrefix("id") ? String(text.dropFirst(2)) : text
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
                appStoreID = digits
            } else {
                document.error("'\(text)' is not an App Store id; write the number from the app's App Store address (apps.apple.com/app/id1234567890 has 1234567890)",
                               at: "\(path).appStoreID", storeNode)
            }
        }
        var scheme: String?
        if let (text, schemeNode) = document.string(mapping, "scheme", at: path) {
            if Self.isScheme(text) {
                scheme = text.lowercased()
            } else {
                document.error("'\(text)' is not a URL scheme; write letters, digits, '+', '-' or '.', starting with a letter, without '://'",
                               at: "\(path).scheme", schemeNode)
            }
        }
        let webCredentials = document.bool(mapping, "webCredentials", at: path) ?? false
        return IOSApp(teamID: teamID, bundleID: bundleID, appStoreID: appStoreID, scheme: scheme, webCredentials: webCredentials)
    }

    private func readAndroid(_ node: Node, at path: String) -> AndroidApp? {
        guard let mapping = document.mapping(node, at: path, known: Self.androidKeys) else { return nil }
        guard let (package, packageNode) = document.string(mapping, "package", at: path, required: true) else { return nil }
        if !Self.isPackageName(package) {
            document.error("'\(package)' is not an Android package name; write dot-separated parts of letters, digits and _, each starting with a letter, such as com.example.app",
                           at: "\(path).package", packageNode)
        }
        let fingerprints = document.strings(mapping, "sha256", at: path)
        if fingerprints.isEmpty {
            document.error("'sha256' is required: the SHA-256 fingerprints of the certificates that sign the app (Play Console, App integrity)",
                           at: "\(path).sha256", mapping["sha256"] ?? packageNode)
        }
        for (index, (text, fingerprintNode)) in fingerprints.enumerated() where !Self.isFingerprint(text) {
            let hint = Self.isFingerprint(text.uppercased()) ? "write it in upper case: \(text.uppercased())"
                : "write 32 pairs of hexadecimal digits separated by ':', such as 14:6D:E9:...:5E (keytool -list -v prints it)"
            document.error("'\(text)' is not a SHA-256 fingerprint; \(hint)", at: "\(path).sha256[\(index)]", fingerprintNode)
        }
        let play = document.string(mapping, "playStoreID", at: path)?.0
        var activity = AndroidApp.defaultActivity
        if let (text, activityNode) = document.string(mapping, "activity", at: path) {
            if Self.isActivityName(text) {
                activity = text
            } else {
                document.error("'\(text)' is not an activity name; write the class as the manifest's android:name does, such as .MainActivity or com.example.app.LinkActivity",
                               at: "\(path).activity", activityNode)
            }
        }
        let minSDK = document.int(mapping, "minSdk", at: path, in: 1...99) ?? AndroidApp.defaultMinSDK
        return AndroidApp(package: package, sha256Fingerprints: fingerprints.map(\.0), playStoreID: play,
                          activity: activity, minSDK: minSDK)
    }

    // MARK: routing and routes

    private func readRouting(_ top: Node.Mapping) -> RouterOptions {
        guard let node = top["routing"], !YAMLDocument.isNull(node),
              let mapping = document.mapping(node, at: "routing", known: Self.routingKeys) else { return RouterOptions() }
        var options = RouterOptions()
        if let value = document.bool(mapping, "caseSensitive", at: "routing") { options.caseSensitive = value }
        if let value = document.bool(mapping, "plusAsSpace", at: "routing") { options.plusAsSpace = value }
        if let value = document.bool(mapping, "acceptsHTTP", at: "routing") { options.acceptsHTTP = value }
        return options
    }

    private func readRoutes(_ top: Node.Mapping, apps: [AppConfiguration], routing: RouterOptions) -> [SiteRoute]? {
        guard let node = section(top, "routes", required: true) else { return nil }
        routesNode = node
        guard let sequence = node.sequence else {
            document.error("expected a list of routes, each with at least a pattern", at: "routes", node)
            return nil
        }
        var routes: [SiteRoute] = []
        for (index, routeNode) in sequence.enumerated() {
            routeNodes.append(routeNode)
            exampleNodes.append(routeNode.mapping?["examples"]?.sequence.map(Array.init) ?? [])
            if let route = readRoute(routeNode, at: "routes[\(index)]", index: index, apps: apps) { routes.append(route) }
        }
        return routes.count == sequence.count ? routes : nil
    }

    private func readRoute(_ node: Node, at path: String, index: Int, apps: [AppConfiguration]) -> SiteRoute? {
        guard let mapping = document.mapping(node, at: path, known: Self.routeKeys) else { return nil }
        let definition: RouteDefinition
        do {
            definition = try YAMLDecoder().decode(RouteDefinition.self, from: node)
        } catch let error as DecodingError {
            let described = RouteTableError(error)
            let place = described.path.isEmpty ? path : "\(path).\(described.path)"
            document.error(described.message, at: place, Self.locate(described.path, in: node) ?? node)
            return nil
        } catch {
            document.error("\(error)", at: path, node)
            return nil
        }
        let pattern: RoutePattern
        do {
            pattern = try RoutePattern(definition.pattern)
        } catch {
            document.error(error.description, at: "\(path).pattern", mapping["pattern"])
            return nil
        }
        let parameters = pattern.parameterNames
        for name in parameters where !routeParameters.contains(name) { routeParameters.append(name) }
        let opensApp = document.bool(mapping, "opensApp", at: path) ?? true
        let appNames = document.strings(mapping, "apps", at: path)
        for (index, (name, nameNode)) in appNames.enumerated() where !apps.contains(where: { $0.name == name }) {
            let hint = NameSuggestion.closest(to: name, among: apps.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            document.error("no app is named '\(name)' (apps: \(apps.map(\.name).joined(separator: ", ")))\(hint)",
                           at: "\(path).apps[\(index)]", nameNode)
        }
        var page = PageSettings()
        if let pageNode = mapping["page"], !YAMLDocument.isNull(pageNode),
           let pageMapping = document.mapping(pageNode, at: "\(path).page", known: Self.pageKeys) {
            if let (template, templateNode) = document.string(pageMapping, "template", at: "\(path).page") {
                if template.isEmpty || !template.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }) {
                    document.error("'\(template)' is not a template name; write letters, digits, '-' and '_' (the file is NAME.mustache)",
                                   at: "\(path).page.template", templateNode)
                } else {
                    page.template = template
                }
            }
            func text(_ key: String) -> PlaceholderText? {
                guard let (raw, textNode) = document.string(pageMapping, key, at: "\(path).page") else { return nil }
                let place = "\(path).page.\(key)"
                do {
                    let text = try PlaceholderText(raw)
                    for name in text.names where !parameters.contains(name) {
                        document.error("{\(name)} is not a parameter of '\(definition.pattern)' (its parameters: \(parameters.isEmpty ? "none" : parameters.joined(separator: ", ")))",
                                       at: place, textNode)
                    }
                    return text
                } catch {
                    document.error(error.description, at: place, textNode)
                    return nil
                }
            }
            page.title = text("title")
            page.description = text("description")
            page.image = text("image")
            page.content = text("content")
            if let content = page.content, content.text.hasPrefix("/") || content.text.split(separator: "/").contains("..") {
                document.error("'\(content.text)' must be a path inside the content directory: no leading '/', no '..'",
                               at: "\(path).page.content", pageMapping["content"])
            }
        }
        let embargo = mapping["embargo"].flatMap { YAMLDocument.isNull($0) ? nil : readEmbargo($0, at: "\(path).embargo", definition: definition, pattern: pattern) }
        let card = mapping["card"].flatMap { cardNode -> CardTemplate? in
            if YAMLDocument.isNull(cardNode) { return nil }
            if case .scalar(let scalar) = cardNode {
                // `card: invite`: a template of `cards:`, taken once that section is read.
                namedRouteCards.append((index, "\(path).card", scalar.string, cardNode))
                return nil
            }
            return readCard(cardNode, at: "\(path).card", owner: "'\(definition.pattern)'", parameters: parameters)
        }
        return SiteRoute(definition: definition, opensApp: opensApp, apps: appNames.map(\.0), page: page, embargo: embargo, card: card)
    }

    private func readEmbargo(_ node: Node, at path: String, definition: RouteDefinition, pattern: RoutePattern) -> Embargo? {
        guard let mapping = document.mapping(node, at: path, known: Self.embargoKeys) else { return nil }
        let day = document.string(mapping, "day", at: path)
        let field = document.string(mapping, "field", at: path)
        var zone: TimeZone?
        if let (text, zoneNode) = document.string(mapping, "timeZone", at: path) {
            zone = Self.timeZone(text)
            if zone == nil { document.error(Self.unknownTimeZone(text), at: "\(path).timeZone", zoneNode) }
        }
        switch (day, field) {
        case (let (name, dayNode)?, nil):
            guard pattern.parameterNames.contains(name) else {
                document.error("'\(name)' is not a parameter of '\(definition.pattern)' (its parameters: \(pattern.parameterNames.isEmpty ? "none" : pattern.parameterNames.joined(separator: ", ")))",
                               at: "\(path).day", dayNode)
                return nil
            }
            guard definition.parameters[name] == "day" else {
                document.error("the parameter '\(name)' must have the type day for an embargo to read it; add `parameters: {\(name): day}`",
                               at: "\(path).day", dayNode)
                return nil
            }
            return Embargo(.dayParameter(name), timeZone: zone)
        case (nil, let (name, _)?):
            return Embargo(.contentField(name), timeZone: zone)
        case (nil, nil):
            document.error("an embargo needs 'day' (a day parameter, such as date) or 'field' (a content field, such as publishAt)", at: path, node)
        case (_?, _?):
            document.error("an embargo reads 'day' or 'field', not both", at: path, node)
        }
        return nil
    }

    // MARK: associations

    private func readAssociations(_ top: Node.Mapping) -> AssociationSettings {
        guard let node = top["associations"], !YAMLDocument.isNull(node) else { return AssociationSettings() }
        associationsNode = node
        guard let mapping = document.mapping(node, at: "associations", known: Self.associationKeys) else { return AssociationSettings() }
        var settings = AssociationSettings()
        if let maxAge = document.int(mapping, "maxAge", at: "associations", in: 0...604_800) { settings.maxAge = maxAge }
        guard let componentsNode = mapping["components"], !YAMLDocument.isNull(componentsNode) else { return settings }
        guard let sequence = componentsNode.sequence else {
            document.error("expected a list of association-file components such as {\"/\": \"/legacy/*\", exclude: true}",
                           at: "associations.components", componentsNode)
            return settings
        }
        for (index, element) in sequence.enumerated() {
            let path = "associations.components[\(index)]"
            // The file's decoder ignores unknown keys, as iOS does; here a misspelt `exclude`
            // would silently turn an exclusion into a rule that opens the app.
            if element.mapping != nil {
                _ = document.mapping(element, at: path, known: ComponentRule.knownKeys)
            }
            guard let json = JSONValue(yaml: element) else {
                document.error("expected a component mapping of texts and true/false, such as {\"/\": \"/legacy/*\", exclude: true}", at: path, element)
                continue
            }
            let file = JSONValue(.object([JSONMember(key: "applinks", value: JSONValue(.object([
                JSONMember(key: "details", value: JSONValue(.array([JSONValue(.object([
                    JSONMember(key: "appIDs", value: JSONValue(.array([JSONValue(.string("ABCDE12345.placeholder"))]))),
                    JSONMember(key: "components", value: JSONValue(.array([json]))),
                ]))]))),
            ])))]))
            do {
                let decoded = try AssociationFile(jsonValue: file)
                if let rule = decoded.appLinks?.details.first?.components?.first {
                    settings.extraComponents.append(ExtraComponent(rule, line: element.mark?.line))
                }
            } catch {
                let message = error.message
                document.error(message, at: path, element)
            }
        }
        return settings
    }

    // MARK: links

    private func readLinks(_ top: Node.Mapping) -> LinkSettings {
        var settings = LinkSettings()
        guard let node = top["links"], !YAMLDocument.isNull(node),
              let mapping = document.mapping(node, at: "links", known: Self.linkKeys) else { return settings }
        if let length = document.int(mapping, "slugLength", at: "links", in: SlugGenerator.allowedLengths) {
            settings.slugLength = length
        }
        for (index, (word, wordNode)) in document.strings(mapping, "reservedSlugs", at: "links").enumerated() {
            let path = "links.reservedSlugs[\(index)]"
            if word.isEmpty || !word.allSatisfy({ SlugPolicy.isSlugCharacter($0) || $0 == "." }) {
                document.error("'\(word)' is not a word a slug could be; a reserved slug has letters, digits, '-', '_' and '.' (it keeps /\(word) from being a short link)",
                               at: path, wordNode)
            } else if SlugPolicy.builtInReservedWords.contains(word.lowercased()) {
                document.warning("'\(word)' is always reserved; remove it", at: path, wordNode)
            } else {
                settings.reservedSlugs.append(word)
            }
        }
        for (index, (source, patternNode)) in document.strings(mapping, "allowlist", at: "links").enumerated() {
            do {
                settings.allowlist.append(try AllowlistPattern(source))
            } catch {
                document.error(error.message, at: "links.allowlist[\(index)]", patternNode)
            }
        }
        readLongLinkSettings(mapping, into: &settings)
        return settings
    }

    /// `links.longLinks` (`on` or `off`; YAML's `true` and `false` too) and
    /// `links.longLinkImages` (`allowed` or `any`).
    private func readLongLinkSettings(_ mapping: Node.Mapping, into settings: inout LinkSettings) {
        if let (text, node) = document.string(mapping, "longLinks", at: "links") {
            switch text.lowercased() {
            case "on", "true": settings.longLinks = true
            case "off", "false": settings.longLinks = false
            default:
                document.error("'\(text)' is neither on nor off; write longLinks: off to turn Firebase Dynamic Links long links (/?link=…) off, or leave it out",
                               at: "links.longLinks", node)
            }
        }
        if let (text, node) = document.string(mapping, "longLinkImages", at: "links") {
            if let images = LongLinkImages(rawValue: text) {
                settings.longLinkImages = images
            } else {
                document.error("'\(text)' is not a choice of long link images; write allowed (si on the site's hosts or links.allowlist only) or any",
                               at: "links.longLinkImages", node)
            }
        }
    }

    // MARK: invitations and deferred links

    private func readInvitations(_ top: Node.Mapping) -> InvitationSettings? {
        guard let node = top["invitations"], !YAMLDocument.isNull(node) else { return nil }
        sectionNodes["invitations"] = node
        guard let mapping = document.mapping(node, at: "invitations", known: Self.invitationKeys,
                                             expected: "a mapping such as {route: invite}") else { return nil }
        guard let (route, routeNode) = document.string(mapping, "route", at: "invitations", required: true) else { return nil }
        sectionNodes["invitations.route"] = routeNode
        var settings = InvitationSettings(route: route)
        if let (parameter, parameterNode) = document.string(mapping, "parameter", at: "invitations") {
            sectionNodes["invitations.parameter"] = parameterNode
            let name = parameter.hasPrefix(":") ? String(parameter.dropFirst()) : parameter
            if name.isEmpty || !name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }) {
                document.error("'\(parameter)' is not a parameter name; write the name of the route's code parameter without ':', such as code",
                               at: "invitations.parameter", parameterNode)
                return nil
            }
            if name != parameter {
                document.error("write the parameter's name without ':': \(name)", at: "invitations.parameter", parameterNode)
                return nil
            }
            settings.parameter = name
        }
        return settings
    }

    private func readDeferredLinks(_ top: Node.Mapping) -> DeferredLinkSettings {
        var settings = DeferredLinkSettings()
        guard let node = top["deferredLinks"], !YAMLDocument.isNull(node) else { return settings }
        sectionNodes["deferredLinks"] = node
        guard let mapping = document.mapping(node, at: "deferredLinks", known: Self.deferredLinkKeys,
                                             expected: "a mapping such as {weakMatchWindow: 1h, claimLifetime: 7d}") else { return settings }
        if let seconds = duration(mapping, "weakMatchWindow", at: "deferredLinks", in: DeferredLinkSettings.allowedWeakMatchWindows) {
            settings.weakMatchWindow = seconds
        }
        if let seconds = duration(mapping, "claimLifetime", at: "deferredLinks", in: DeferredLinkSettings.allowedClaimLifetimes) {
            settings.claimLifetime = seconds
        }
        return settings
    }

    private func readWebhooks(_ top: Node.Mapping) -> WebhookSettings {
        var settings = WebhookSettings()
        guard let node = top["webhooks"], !YAMLDocument.isNull(node) else { return settings }
        sectionNodes["webhooks"] = node
        guard let mapping = document.mapping(node, at: "webhooks", known: Self.webhookKeys,
                                             expected: "a mapping such as {allowPrivateNetworks: false, keepDeliveries: 30d, disableFailingAfter: 5d}") else {
            return settings
        }
        if let allowed = document.bool(mapping, "allowPrivateNetworks", at: "webhooks") { settings.allowPrivateNetworks = allowed }
        if let seconds = duration(mapping, "keepDeliveries", at: "webhooks", in: WebhookSettings.allowedKeepDeliveries) {
            settings.keepDeliveries = seconds
        }
        if let seconds = duration(mapping, "disableFailingAfter", at: "webhooks", in: WebhookSettings.allowedDisableFailingAfter) {
            settings.disableFailingAfter = seconds
        }
        return settings
    }

    /// The `retention:` section: each key a duration within ``RetentionSettings/allowed``, or
    /// `forever`.
    private func readRetention(_ top: Node.Mapping) -> RetentionSettings {
        var settings = RetentionSettings()
        guard let node = top["retention"], !YAMLDocument.isNull(node) else { return settings }
        sectionNodes["retention"] = node
        guard let mapping = document.mapping(node, at: "retention", known: RetentionSettings.keys,
                                             expected: "a mapping such as {clickCounts: forever, events: 400d, audit: 730d}") else {
            return settings
        }
        for key in RetentionSettings.keys {
            guard let (text, node) = document.string(mapping, key, at: "retention") else { continue }
            sectionNodes["retention.\(key)"] = node
            let seconds: TimeInterval?
            if text.trimmingCharacters(in: .whitespaces).lowercased() == RetentionSettings.forever {
                seconds = nil
            } else {
                do {
                    seconds = try DurationText(parsing: text).seconds
                } catch {
                    document.error(error.message + ", or \(RetentionSettings.forever)", at: "retention.\(key)", node)
                    continue
                }
                if let seconds, let problem = DeferredLinkSettings.rangeProblem(seconds, allowed: RetentionSettings.allowed) {
                    document.error(problem + " (or \(RetentionSettings.forever))", at: "retention.\(key)", node)
                    continue
                }
            }
            switch key {
            case "clickCounts": settings.clickCounts = seconds
            case "events": settings.events = seconds
            default: settings.audit = seconds
            }
        }
        return settings
    }

    /// A ``DurationText`` at `mapping[key]` within `range`, in seconds; `nil` (with an error
    /// when it is not one or out of range) otherwise.
    private func duration(_ mapping: Node.Mapping, _ key: String, at path: String, in range: ClosedRange<TimeInterval>) -> TimeInterval? {
        guard let (text, node) = document.string(mapping, key, at: path) else { return nil }
        let place = YAMLDocument.join(path, key)
        sectionNodes[place] = node
        let seconds: TimeInterval
        do {
            seconds = try DurationText(parsing: text).seconds
        } catch {
            document.error(error.message, at: place, node)
            return nil
        }
        if let problem = DeferredLinkSettings.rangeProblem(seconds, allowed: range) {
            document.error(problem, at: place, node)
            return nil
        }
        return seconds
    }

    // MARK: helpers

    /// The node at a decoding path such as `parameters.date` or `examples[2]` below `node`.
    static func locate(_ path: String, in node: Node) -> Node? {
        var current: Node? = node
        var key = ""
        func step() {
            guard !key.isEmpty else { return }
            if let index = Int(key), let sequence = current?.sequence, sequence.indices.contains(index) {
                current = sequence[index]
            } else {
                current = current?.mapping?[key]
            }
            key = ""
        }
        for character in path {
            switch character {
            case ".", "[", "]": step()
            default: key.append(character)
            }
        }
        step()
        return current
    }

    static func isScheme(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }

    /// `.MainActivity`, `MainActivity` or `com.example.app.MainActivity`: Java identifiers
    /// separated by dots, optionally starting with one.
    static func isActivityName(_ text: String) -> Bool {
        let parts = (text.hasPrefix(".") ? String(text.dropFirst()) : text).split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { part in
            guard let first = part.first, first.isASCII, first.isLetter || first == "_" || first == "$" else { return false }
            return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }
        }
    }

    static func isPackageName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
            return part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        }
    }

    static func isFingerprint(_ text: String) -> Bool {
        let pairs = text.split(separator: ":", omittingEmptySubsequences: false)
        return pairs.count == 32 && pairs.allSatisfy { pair in
            pair.count == 2 && pair.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("A"..."F").contains($0) }
        }
    }
}
