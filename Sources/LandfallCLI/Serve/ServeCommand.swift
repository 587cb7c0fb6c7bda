import ArgumentParser
import Foundation
import Hummingbird
import LandfallServer
import Logging

/// `landfall serve [FILE]`: runs the link server; with no file, the built-in demo.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the link server: association files, fallback pages and operations endpoints.",
        discussion: """
            With no file, serves the built-in demo (a copy of examples/demo/ carried by the \
            binary): a daily-puzzle site on 127.0.0.1:8080 whose URLs it prints.

            With a site configuration, serves that site: /.well-known/apple-app-site-association \
            and /.well-known/assetlinks.json on every configured host (generated from the \
            routes, never redirected), each route's page from its template and content, and \
            /health, /ready and /metrics. Templates and content are read from templates/ and \
            content/ beside the file unless --templates or --content say otherwise. The file is \
            checked first, exactly as `landfall config check` does, and the server refuses to \
            start on any error.

            SIGTERM and SIGINT stop the server after the requests in flight; SIGHUP reloads \
            the site (a file with an error is refused and the running site kept).

            Examples:
              landfall serve
              landfall serve landfall.yml --port 8443 --data-dir /var/lib/landfall
              landfall serve landfall.yml --host 0.0.0.0 --log-level debug
            """
    )

    @Argument(help: ArgumentHelp("The site configuration (landfall.yml); the built-in demo when absent.", valueName: "file"))
    var file: String?

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Where the SQLite database is kept (created if missing).", valueName: "directory"))
    var dataDirectory = "landfall-data"

    @Option(help: ArgumentHelp("The page templates directory (default: templates/ beside the file).", valueName: "directory"))
    var templates: String?

    @Option(help: ArgumentHelp("The content directory (default: content/ beside the file).", valueName: "directory"))
    var content: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535, not \(port)") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical; not '\(logLevel)'")
        }
        if file == nil && (templates != nil || content != nil) {
            throw ValidationError("--templates and --content need a site configuration file; the demo carries its own")
        }
        for (name, path) in [("file", file), ("--templates", templates), ("--content", content)] {
            guard let path else { continue }
            guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("\(name): \(path): no such file or directory") }
        }
    }

    func run() async throws {
        let site: SiteSource = file.map { .file($0, templates: templates, content: content) } ?? .demo
        let isDemo = file == nil
        let host = self.host
        let configuration = ServerConfiguration(
            site: site, host: host, port: port, dataDirectory: dataDirectory,
            logLevel: Logger.Level(rawValue: logLevel) ?? .info,
            onServerRunning: { port in
                var lines = ["landfall is serving \(site.displayName) on http://\(host):\(port) (data in \(dataDirectory)/)"]
                if isDemo {
                    lines.append("Try:")
                    for (what, url) in DemoSite.addressesToTry(base: "http://localhost:\(port)", interstitialBase: "http://127.0.0.1:\(port)") {
                        lines.append("  \(what):\n    \(url)")
                    }
                }
                lines.append("Stop with Ctrl-C; reload the site with `kill -HUP \(ProcessInfo.processInfo.processIdentifier)`.")
                FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            })
        let app: any ApplicationProtocol
        do {
            app = try await buildApplication(configuration)
        } catch {
            FileHandle.standardError.write(Data("error: landfall serve refused to start:\n\(error)\n".utf8))
            throw ExitCode(1)
        }
        try await app.runService()
    }
}
