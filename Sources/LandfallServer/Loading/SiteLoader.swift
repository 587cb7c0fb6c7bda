import Foundation
import LandfallCards
import LandfallSite
import Mustache

/// Loads a ``SiteSource`` into a ``LoadedSite``: reads and checks the configuration, loads the
/// templates (refusing any that do not parse, and any route whose template does not exist),
/// opens the content, reads the static files (``StaticFiles``), and encodes the association files.
enum SiteLoader {
    static func load(_ source: SiteSource, now: Date) throws(SiteLoadError) -> LoadedSite {
        switch source {
        case .file(let path, let templates, let content):
            guard let data = FileManager.default.contents(atPath: path) else {
                throw SiteLoadError("\(path): cannot read the site configuration (no such file, or not readable)")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw SiteLoadError("\(path): the site configuration is not UTF-8 text")
            }
            let site: Site
            do {
                site = try SiteConfigurationReader.site(yaml: text, source: path)
            } catch {
                throw SiteLoadError(error)
            }
            let base = URL(fileURLWithPath: path).deletingLastPathComponent()
            let templatesDirectory = templates ?? existingDirectory(base.appendingPathComponent("templates").path)
            let contentDirectory = content ?? existingDirectory(base.appendingPathComponent("content").path)
            var templateFiles: [String: String] = [:]
            if let templatesDirectory {
                templateFiles = try readTemplates(in: templatesDirectory)
            }
            let store: any ContentStore
            if let contentDirectory {
                guard existingDirectory(contentDirectory) != nil else {
                    throw SiteLoadError("\(contentDirectory): the content directory does not exist")
                }
                store = DirectoryContentStore(directory: URL(fileURLWithPath: contentDirectory))
            } else {
                store = EmbeddedContentStore(files: [:])
            }
            let staticDirectory = existingDirectory(base.appendingPathComponent("static").path)
            let staticFiles = try staticDirectory.map { directory throws(SiteLoadError) in try StaticFiles.read(directory: directory) } ?? .none
            let folder = base.path
            let cards = try cardAssets(site, source: path, folder: folder) { relative in
                FileManager.default.contents(atPath: base.appendingPathComponent(relative).path).map { [UInt8]($0) }
            }
            return try assemble(site, templateFiles: templateFiles, templatesName: templatesDirectory ?? "templates",
                                content: store, staticFiles: staticFiles, cards: cards, sourceName: path, now: now)
        case .embedded(let name, let files, let binaryFiles):
            guard let text = files["landfall.yml"] else {
                throw SiteLoadError("\(name): has no landfall.yml")
            }
            let site: Site
            do {
                site = try SiteConfigurationReader.site(yaml: text, source: "\(name)")
            } catch {
                throw SiteLoadError(error)
            }
            var templateFiles: [String: String] = [:]
            var contentFiles: [String: String] = [:]
            for (path, text) in files {
                if path.hasPrefix("templates/"), path.hasSuffix(".mustache") {
                    templateFiles[String(path.dropFirst(10).dropLast(9))] = text
                } else if path.hasPrefix("content/"), path.hasSuffix(".json") {
                    contentFiles[String(path.dropFirst(8).dropLast(5))] = text
                }
            }
            var staticEntries: [(path: String, bytes: [UInt8])] = []
            for (path, base64) in binaryFiles.sorted(by: { $0.key < $1.key }) where path.hasPrefix("static/") {
                guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else {
                    throw SiteLoadError("\(name): \(path) is not Base64")
                }
                staticEntries.append((String(path.dropFirst(7)), Array(data)))
            }
            let siteFiles = Dictionary(staticEntries.map { ("static/" + $0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
            let cards = try cardAssets(site, source: name, folder: name) { siteFiles[$0] }
            return try assemble(site, templateFiles: templateFiles, templatesName: "\(name) templates",
                                content: EmbeddedContentStore(files: contentFiles),
                                staticFiles: try StaticFiles.make(staticEntries, source: "\(name) static"), cards: cards,
                                sourceName: name, now: now)
        }
    }

    /// The files the site's cards draw with (``CardAssets``), or why one cannot be used: each
    /// problem on a line of its own, naming the configuration, the route and the file.
    private static func cardAssets(_ site: Site, source: String, folder: String,
                                   read: (String) -> [UInt8]?) throws(SiteLoadError) -> CardAssets {
        do {
            return try CardAssets.load(site.configuration, folder: folder, read: read)
        } catch {
            throw SiteLoadError(error.problems.map { "\(source): \($0)" }.joined(separator: "\n"))
        }
    }

    private static func existingDirectory(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue ? path : nil
    }

    /// `NAME.mustache` files by name.
    private static func readTemplates(in directory: String) throws(SiteLoadError) -> [String: String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw SiteLoadError("\(directory): cannot list the templates directory: \(error.localizedDescription)")
        }
        var files: [String: String] = [:]
        for name in names.sorted() where name.hasSuffix(".mustache") && !name.hasPrefix(".") {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw SiteLoadError("\(path): cannot read the template as UTF-8 text")
            }
            files[String(name.dropLast(9))] = text
        }
        return files
    }

    private static func assemble(_ site: Site, templateFiles: [String: String], templatesName: String,
                                 content: any ContentStore, staticFiles: StaticFiles, cards: CardAssets, sourceName: String,
                                 now: Date) throws(SiteLoadError) -> LoadedSite {
        var library = MustacheLibrary()
        for (name, text) in BundledTemplates.all.merging(templateFiles, uniquingKeysWith: { _, site in site }) {
            do {
                try library.register(text, named: name)
            } catch {
                let origin = templateFiles[name] != nil ? "\(templatesName)/\(name).mustache" : "the bundled template \(name)"
                throw SiteLoadError("\(origin): the template does not parse: \(describe(error))")
            }
        }
        var problems: [String] = []
        for (index, route) in site.configuration.routes.enumerated() where library.getTemplate(named: route.page.template) == nil {
            problems.append("\(sourceName): routes[\(index)] '\(route.name)': the template '\(route.page.template)' does not exist; add \(route.page.template).mustache to the templates directory (\(templatesName)) or use a bundled one (\(BundledTemplates.pageTemplates.joined(separator: ", ")))")
        }
        guard problems.isEmpty else { throw SiteLoadError(problems.joined(separator: "\n")) }
        let hasIOS = site.configuration.apps.contains { $0.ios != nil }
        let hasAndroid = site.configuration.apps.contains { $0.android != nil }
        return LoadedSite(
            site: site, templates: library, content: content, staticFiles: staticFiles, cards: cards,
            appleAssociation: hasIOS ? AssociationDocument(json: site.appleAssociationJSON) : nil,
            assetLinks: hasAndroid ? AssociationDocument(json: site.assetLinksJSON) : nil,
            linksAppleAssociation: hasIOS ? AssociationDocument(json: site.linksAppleAssociationJSON) : nil,
            linksAssetLinks: hasAndroid ? AssociationDocument(json: site.linksAssetLinksJSON) : nil,
            sourceName: sourceName, loadedAt: now)
    }

    private static func describe(_ error: any Error) -> String {
        if let parse = error as? MustacheTemplate.ParserError {
            return "line \(parse.context.lineNumber), column \(parse.context.columnNumber): \(parse.error)"
        }
        return "\(error)"
    }
}
