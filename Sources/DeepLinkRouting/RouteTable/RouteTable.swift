import Foundation

/// A router's table as data: the `hosts`, `schemes`, `routing` and `routes` sections that
/// an app bundle and the server's site configuration share.
///
/// The format is described in <doc:RouteTableFormat>. Decode it from JSON here, or from YAML
/// with any `Decoder` (the `landfall` tool uses Yams), then build the router with handlers
/// attached by route name:
///
/// ```swift
/// let table = try RouteTable(json: data)
/// let router = try Router(table: table, handlers: [
///     "puzzle": { match in await show(match) },
/// ])
/// ```
///
/// Keys the table does not define are ignored, so the same document can hold the server's
/// configuration as well.
public struct RouteTable: Sendable, Hashable, Codable {
    /// The https hosts links may come from: ``LinkSource/host(_:includingWWW:)`` and
    /// ``LinkSource/subdomains(of:)`` entries.
    public var hosts: [LinkSource]
    /// Custom URL schemes, without `://`.
    public var schemes: [String]
    /// Router-wide options.
    public var routing: RouterOptions
    /// The routes, in registration order.
    public var routes: [RouteDefinition]

    /// Creates a table.
    public init(hosts: [LinkSource] = [], schemes: [String] = [], routing: RouterOptions = RouterOptions(),
                routes: [RouteDefinition] = []) {
        self.hosts = hosts
        self.schemes = schemes
        self.routing = routing
        self.routes = routes
    }

    /// Decodes a table from JSON.
    ///
    /// - Throws: ``RouteTableError`` naming the place (`routes[2].pattern`) and what was
    ///   expected there.
    public init(json: Data) throws(RouteTableError) {
        do {
            self = try JSONDecoder().decode(RouteTable.self, from: json)
        } catch let error as DecodingError {
            throw RouteTableError(error)
        } catch let error as RouteTableError {
            throw error
        } catch {
            throw RouteTableError(path: "", message: "\(error)")
        }
    }

    /// The sources the table describes: its hosts, then its schemes.
    public var sources: [LinkSource] {
        hosts + schemes.map { .scheme($0) }
    }

    private enum CodingKeys: String, CodingKey {
        case hosts, schemes, routing, routes
    }

    /// Decodes a table; every section is optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let hosts = try container.decodeIfPresent([HostEntry].self, forKey: .hosts) ?? []
        self.hosts = hosts.map(\.source)
        self.schemes = try container.decodeIfPresent([String].self, forKey: .schemes) ?? []
        self.routing = try container.decodeIfPresent(RouterOptions.self, forKey: .routing) ?? RouterOptions()
        self.routes = try container.decodeIfPresent([RouteDefinition].self, forKey: .routes) ?? []
    }

    /// Encodes the table in the form it decodes from.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(hosts.compactMap(HostEntry.init), forKey: .hosts)
        if !schemes.isEmpty { try container.encode(schemes, forKey: .schemes) }
        if routing != RouterOptions() { try container.encode(routing, forKey: .routing) }
        try container.encode(routes, forKey: .routes)
    }

    /// A host as the table writes it: `example.com`, `*.example.com`, or
    /// `{host: example.com, www: true}`.
    private struct HostEntry: Codable {
        let source: LinkSource

        init?(_ source: LinkSource) {
            if case .scheme = source { return nil }
            self.source = source
        }

        private enum CodingKeys: String, CodingKey {
            case host, www
        }

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self.source = LinkSource(host: text)
                return
            }
            let container: KeyedDecodingContainer<CodingKeys>
            do {
                container = try decoder.container(keyedBy: CodingKeys.self)
            } catch {
                throw DecodingError.typeMismatch(String.self, DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected a host ('example.com', '*.example.com') or {host: example.com, www: true}"))
            }
            let host = try container.decode(String.self, forKey: .host)
            let www = try container.decodeIfPresent(Bool.self, forKey: .www) ?? false
            self.source = LinkSource(host: host, includingWWW: www)
        }

        func encode(to encoder: any Encoder) throws {
            switch source {
            case .host(let host, includingWWW: true):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(host, forKey: .host)
                try container.encode(true, forKey: .www)
            default:
                var container = encoder.singleValueContainer()
                try container.encode(source.description)
            }
        }
    }
}

extension RouteTableError {
    /// Describes a decoding error by its place in the document.
    public init(_ error: DecodingError) {
        func path(_ codingPath: [any CodingKey]) -> String {
            var result = ""
            for key in codingPath {
                if let index = key.intValue {
                    result += "[\(index)]"
                } else {
                    result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return result
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(path: path(context.codingPath), message: "'\(key.stringValue)' is required")
        case .typeMismatch(let type, let context):
            let expected = context.debugDescription.hasPrefix("expected") ? context.debugDescription : "expected \(Self.name(of: type))"
            self.init(path: path(context.codingPath), message: expected)
        case .valueNotFound(let type, let context):
            self.init(path: path(context.codingPath), message: "expected \(Self.name(of: type)), found null")
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            self.init(path: path(context.codingPath), message: underlying ?? context.debugDescription)
        @unknown default:
            self.init(path: "", message: "\(error)")
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "a whole number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "a list"
        case is [String: Any].Type: "a mapping"
        default: "\(type)"
        }
    }
}
