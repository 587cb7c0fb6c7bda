import AppSiteAssociation
import DeepLinkRouting
import Foundation
import LandfallSite
import Yams

/// Reads a route table from YAML or JSON (JSON is read by the YAML reader too), and notes
/// likely typos among the keys the table ignores; or a site configuration (`landfall.yml`),
/// whose route table is the one `landfall config routes` writes for the app.
///
/// ```swift
/// let table = try RouteTableReader.read(input)   // throws RouteTableReader.Failure
/// ```
enum RouteTableReader {
    /// Why a table could not be read: a message naming the place.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The decoded table, and warnings about keys that look like misspelt table keys.
    static func read(_ input: InputFile) throws(Failure) -> (table: RouteTable, warnings: [String]) {
        guard let text = String(bytes: input.bytes, encoding: .utf8) else {
            throw Failure(description: "\(input.displayName) is not UTF-8 text")
        }
        let table: RouteTable
        let root: Node?
        do {
            root = try BoundedYAML.compose(yaml: text)
        } catch let error as BoundedYAML.TooLarge {
            throw Failure(description: "\(input.displayName) is too large: \(error)")
        } catch {
            throw Failure(description: "\(input.displayName) is not valid YAML or JSON: \(error)")
        }
        // A site configuration (`landfall.yml`: `hosts` is a mapping of site, links, ...): its
        // route table, as `landfall config routes` writes it for the app.
        if let mapping = root?.mapping, mapping["hosts"]?.mapping != nil || mapping["site"] != nil {
            let check = SiteConfigurationReader.check(yaml: text, source: input.displayName)
            guard let site = check.site else {
                let errors = check.issues.filter { $0.severity == .error }.map { $0.description(in: input.displayName) }
                throw Failure(description: "\(input.displayName) is a site configuration with errors (landfall config check says more):\n"
                              + errors.joined(separator: "\n"))
            }
            return (site.configuration.routeTable, [])
        }
        do {
            // An empty document: the decoder says what it says of one.
            table = try root.map { try YAMLDecoder().decode(RouteTable.self, from: $0) } ?? YAMLDecoder().decode(RouteTable.self, from: text)
        } catch let error as DecodingError {
            throw Failure(description: "\(input.displayName): \(RouteTableError(error))")
        } catch {
            throw Failure(description: "\(input.displayName) is not valid YAML or JSON: \(error)")
        }
        return (table, warnings(root, input: input))
    }

    static let tableKeys = ["hosts", "schemes", "routing", "routes"]
    static let routeKeys = ["pattern", "name", "parameters", "query", "priority", "caseSensitive", "requires", "examples"]
    static let routingKeys = ["caseSensitive", "plusAsSpace", "acceptsHTTP"]

    /// Unknown keys close to a known one (`paramters`, `Routes`): the table ignores unknown
    /// keys, so that a site configuration can add its own, but a typo should not pass silently.
    private static func warnings(_ root: Node?, input: InputFile) -> [String] {
        guard let mapping = root?.mapping else { return [] }
        var warnings: [String] = []
        func check(_ mapping: Node.Mapping, known: [String], at path: String) {
            for key in mapping.keys {
                guard let name = key.string, !known.contains(name),
                      let suggestion = NameSuggestion.closest(to: name, among: known) else { continue }
                let line = key.mark.map { ":\($0.line)" } ?? ""
                warnings.append("\(input.displayName)\(line): \(path.isEmpty ? "" : path + ": ")unknown key '\(name)' is ignored; did you mean '\(suggestion)'?")
            }
        }
        check(mapping, known: tableKeys, at: "")
        if let routing = mapping["routing"]?.mapping { check(routing, known: routingKeys, at: "routing") }
        for (index, route) in (mapping["routes"]?.sequence ?? []).enumerated() {
            if let route = route.mapping { check(route, known: routeKeys, at: "routes[\(index)]") }
        }
        return warnings
    }
}
