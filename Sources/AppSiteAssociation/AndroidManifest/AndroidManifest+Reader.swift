import LandfallJSON
import LandfallXML

extension AndroidManifest {
    /// Reads the elements of a manifest into values, collecting diagnostics in document order.
    struct Reader {
        var diagnostics: [Diagnostic] = []
        let android = AndroidManifest.androidNamespace

        mutating func manifest(_ root: XMLTreeElement) -> AndroidManifest {
            let package = root.attribute("package")?.value
            var activities: [AndroidActivity] = []
            let applications = root.elements(named: "application")
            if applications.isEmpty {
                report(.noApplication, at: root, "the manifest has no <application> element, so it declares no activity",
                       fix: "put the activities in <application> ... </application> under <manifest>")
            }
            for application in applications {
                for element in application.elements where element.localName == "activity" || element.localName == "activity-alias" {
                    activities.append(activity(element))
                }
            }
            return AndroidManifest(package: package, activities: activities, diagnostics: diagnostics)
        }

        // MARK: Elements

        mutating func activity(_ element: XMLTreeElement) -> AndroidActivity {
            let isAlias = element.localName == "activity-alias"
            var result = AndroidActivity(
                name: element.attribute("name", namespace: android)?.value ?? "", isAlias: isAlias,
                targetActivity: isAlias ? element.attribute("targetActivity", namespace: android)?.value : nil,
                exported: boolean("exported", of: element), enabled: boolean("enabled", of: element), line: element.line)
            result.intentFilters = element.elements(named: "intent-filter").map { intentFilter($0) }
            let label = "<\(element.localName) \(result.name.isEmpty ? "(no android:name)" : "android:name=\"\(result.name)\"")> at line \(element.line)"
            if !result.intentFilters.isEmpty, element.attribute("exported", namespace: android) == nil {
                report(.missingExported, at: element,
                       "\(label) has intent filters and no android:exported; an app targeting Android 12 (API 31) or later does not install",
                       fix: "add android:exported=\"true\" (a browser must be able to start it to open links)")
            }
            if result.exported == false, let filter = result.intentFilters.first(where: \.isLinkFilter) {
                report(.notExported, at: element.attribute("exported", namespace: android).map(Place.attribute) ?? .element(element),
                       "\(label) is android:exported=\"false\", but its filter at line \(filter.line) is for links; a browser cannot start it, so no link opens it",
                       fix: "set android:exported=\"true\"")
            }
            return result
        }

        mutating func intentFilter(_ element: XMLTreeElement) -> AndroidIntentFilter {
            var filter = AndroidIntentFilter(line: element.line, autoVerify: boolean("autoVerify", of: element) == true)
            for child in element.elements {
                switch child.localName {
                case "action":
                    if let name = child.attribute("name", namespace: android) { filter.actions.append(name.value) }
                case "category":
                    if let name = child.attribute("name", namespace: android) { filter.categories.append(name.value) }
                case "data":
                    data(child, into: &filter)
                case "uri-relative-filter-group":
                    filter.relativeFilterGroups.append(group(child, into: &filter))
                default:
                    break
                }
            }
            lint(filter, element: element)
            return filter
        }

        /// One `<data>` element: each attribute adds to the filter's lists, as `IntentFilter` does.
        mutating func data(_ element: XMLTreeElement, into filter: inout AndroidIntentFilter) {
            let host = element.attribute("host", namespace: android)
            for attribute in element.attributes where attribute.namespaceURI == android {
                guard let value = resolved(attribute, into: &filter) else { continue }
                switch attribute.localName {
                case "scheme":
                    if !filter.schemes.contains(value) { filter.schemes.append(value) }
                    lintScheme(value, attribute)
                case "host":
                    var port: Int?
                    if let portAttribute = element.attribute("port", namespace: android), !Self.isUnresolvable(portAttribute.value) {
                        port = self.port(AndroidPattern.unescapingManifestValue(portAttribute.value), portAttribute)
                    }
                    filter.authorities.append(.init(host: value, port: port, line: attribute.line))
                    lintHost(value, attribute)
                case "port":
                    if host == nil {
                        report(.portWithoutHost, at: .attribute(attribute),
                               "android:port=\"\(attribute.value)\" is on a <data> element without android:host, so Android ignores it",
                               fix: "put android:port on the <data> element that has the android:host it belongs to")
                    }
                case "mimeType":
                    filter.mimeTypes.append(value)
                default:
                    if let kind = AndroidPatternKind(pathAttribute: attribute.localName) {
                        if let entry = pathEntry(value, kind: kind, attribute) { filter.paths.append(entry) }
                    } else if attribute.localName.hasPrefix("ssp"),
                              let kind = AndroidPatternKind(pathAttribute: "path" + attribute.localName.dropFirst(3)) {
                        if let entry = pathEntry(value, kind: kind, attribute, checkSlash: false) { filter.schemeSpecificParts.append(entry) }
                    }
                }
            }
        }

        /// A `<uri-relative-filter-group>` and its `<data>` rules.
        mutating func group(_ element: XMLTreeElement, into filter: inout AndroidIntentFilter) -> AndroidRelativeFilterGroup {
            report(.newerAttribute, at: element,
                   "<uri-relative-filter-group> at line \(element.line) is read from Android 15 (API 35); earlier versions ignore it and decide by the filter's paths alone",
                   fix: "make sure the filter's own paths are right for older devices too, or serve the same rules as dynamic_app_link_components")
            var group = AndroidRelativeFilterGroup(allow: boolean("allow", of: element) ?? true, line: element.line, rules: [])
            for data in element.elements(named: "data") {
                for attribute in data.attributes where attribute.namespaceURI == android {
                    guard let (part, kind) = AndroidRelativeFilterGroup.Rule.declared(by: attribute.localName) else { continue }
                    guard let value = resolved(attribute, into: &filter) else { continue }
                    do {
                        let pattern = try AndroidPattern(value, kind: kind)
                        group.rules.append(.init(part: part, pattern: pattern, line: attribute.line, written: attribute.value))
                    } catch {
                        reportRejected(error, attribute)
                    }
                }
            }
            return group
        }

        mutating func pathEntry(_ value: String, kind: AndroidPatternKind, _ attribute: XMLTreeAttribute,
                                checkSlash: Bool = true) -> AndroidPathEntry? {
            let pattern: AndroidPattern
            do {
                pattern = try AndroidPattern(value, kind: kind)
            } catch {
                reportRejected(error, attribute)
                return nil
            }
            if kind.firstAPILevel > 1 {
                report(.newerAttribute, at: .attribute(attribute),
                       "android:\(attribute.localName) is read from API \(kind.firstAPILevel); devices on earlier versions ignore it, so there the rule does not exist",
                       fix: kind == .suffix
                           ? "for older devices add an android:pathPattern that ends the same way, and test it with `landfall android pattern`: "
                               + "a simple glob's `.*` stops at the first occurrence of the character after it, so \".*\(value)\" misses paths where \(value.first.map { "'\($0)'" } ?? "it") also appears earlier"
                           : "for older devices add an android:pathPattern or android:pathPrefix that covers the same paths")
            }
            if checkSlash, !value.isEmpty, !value.hasPrefix("/") {
                let canStartElsewhere: Bool = switch kind {
                case .literal, .prefix: false
                case .simpleGlob: value.hasPrefix(".") || value.hasPrefix("\\")
                case .advancedGlob: value.hasPrefix(".") || value.hasPrefix("[") || value.hasPrefix("\\")
                case .suffix: true
                }
                if !canStartElsewhere {
                    report(.pathWithoutSlash, at: .attribute(attribute),
                           "android:\(attribute.localName)=\"\(attribute.value)\" does not start with /, but a link's path always does, so it never matches",
                           fix: "write android:\(attribute.localName)=\"/\(attribute.value)\"")
                }
            }
            return AndroidPathEntry(pattern: pattern, line: attribute.line, written: attribute.value)
        }

        // MARK: Values

        /// The value Android receives, or `nil` (and the value listed as unresolved) for a
        /// resource or a placeholder.
        mutating func resolved(_ attribute: XMLTreeAttribute, into filter: inout AndroidIntentFilter) -> String? {
            if Self.isUnresolvable(attribute.value) {
                filter.unresolved.append("android:\(attribute.localName)=\"\(attribute.value)\"")
                report(.unresolvedValue, at: .attribute(attribute),
                       "android:\(attribute.localName)=\"\(attribute.value)\" is \(attribute.value.contains("${") ? "a build placeholder" : "a resource"), not resolvable offline; links are decided without it",
                       fix: "write the value itself in the manifest to have it checked, or check the merged manifest (build/intermediates/merged_manifests)")
                return nil
            }
            return AndroidPattern.unescapingManifestValue(attribute.value)
        }

        /// A resource reference (`@string/host`, `?attr/x`) or a manifest placeholder (`${host}`).
        static func isUnresolvable(_ value: String) -> Bool {
            value.hasPrefix("@") || value.hasPrefix("?") || value.contains("${")
        }

        /// A boolean attribute: `true`, `false`, or `nil` when missing or not a literal boolean.
        func boolean(_ name: String, of element: XMLTreeElement) -> Bool? {
            switch element.attribute(name, namespace: android)?.value {
            case "true": true
            case "false": false
            default: nil
            }
        }

        mutating func port(_ text: String, _ attribute: XMLTreeAttribute) -> Int? {
            guard !text.isEmpty, text.count <= 5, text.allSatisfy(\.isASCIIDigit), let port = Int(text), port <= 65535 else {
                report(.invalidPort, at: .attribute(attribute),
                       "android:port=\"\(attribute.value)\" is not a port; Android expects a number from 0 to 65535",
                       fix: "write the port as digits, such as android:port=\"8443\", or remove it to accept links without a port")
                return nil
            }
            return port
        }

        // MARK: Reporting

        /// Where a diagnostic points.
        enum Place {
            case element(XMLTreeElement)
            case attribute(XMLTreeAttribute)

            var location: SourceLocation {
                switch self {
                case .element(let element): SourceLocation(offset: element.startTag.lowerBound, line: element.line, column: element.column)
                case .attribute(let attribute): SourceLocation(offset: attribute.range.lowerBound, line: attribute.line, column: attribute.column)
                }
            }
        }

        mutating func report(_ code: AndroidManifestLintCode, at place: Place, _ message: String, fix: String?) {
            diagnostics.append(Diagnostic(code, path: nil, location: place.location, message: message, fix: fix))
        }

        mutating func report(_ code: AndroidManifestLintCode, at element: XMLTreeElement, _ message: String, fix: String?) {
            report(code, at: .element(element), message, fix: fix)
        }

        mutating func reportRejected(_ error: AndroidPatternError, _ attribute: XMLTreeAttribute) {
            report(.rejectedPattern, at: .attribute(attribute),
                   "android:\(attribute.localName)=\"\(attribute.value)\": \(error.description); the app does not install",
                   fix: "correct the pattern; test it with `landfall android pattern --type advanced-glob --manifest-escaped '\(attribute.value)' /a/path`")
        }
    }
}

extension Character {
    /// Whether the character is one of the ASCII digits 0-9.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
