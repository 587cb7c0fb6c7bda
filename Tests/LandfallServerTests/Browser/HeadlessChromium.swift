import ChildProcess
import Foundation

/// Debian's `chromium` run headless, as the browser of a person who opens a link: it loads a
/// page over a real socket, follows redirects, and hands back the DOM it rendered or a
/// screenshot of it.
///
/// ```swift
/// let chromium = try #require(HeadlessChromium.find())
/// let dom = try await chromium.renderedDOM(of: "http://localhost:\(port)/puzzle/2026-11-20")
/// ```
///
/// Every run has its own profile directory and a time limit, past which Chromium is killed
/// and the run throws.
struct HeadlessChromium: Sendable {
    /// The `chromium` executable.
    let executable: URL
    /// How long one page load may take before Chromium is killed.
    var timeLimit: Duration = .seconds(60)

    /// The names Chromium's executable has on Linux distributions.
    static let executableNames = ["chromium", "chromium-browser"]

    /// The first Chromium executable on `PATH`, or `nil`.
    static func find() -> HeadlessChromium? {
        executableNames.lazy.compactMap(ChildProcess.executable(named:)).first.map { HeadlessChromium(executable: URL(fileURLWithPath: $0)) }
    }

    /// Whether the browser tests run: when Chromium is installed, and always on CI (where a
    /// missing Chromium must fail the run rather than skip it).
    static var shouldRun: Bool {
        find() != nil || ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// The DOM Chromium built for `url`, serialized after the page loaded (`--dump-dom`).
    ///
    /// - Throws: ``ChromiumError`` when Chromium fails or runs out of time.
    func renderedDOM(of url: String, userAgent: String? = nil) async throws -> String {
        let output = try await run((userAgent.map { ["--user-agent=\($0)"] } ?? []) + ["--dump-dom", url], describing: url)
        return String(decoding: output, as: UTF8.self)
    }

    /// Saves a PNG of `url` as a window of `width` × `height` CSS pixels shows it.
    ///
    /// - Throws: ``ChromiumError`` when Chromium fails or runs out of time.
    func screenshot(of url: String, width: Int, height: Int, userAgent: String? = nil, to file: URL) async throws {
        _ = try await run((userAgent.map { ["--user-agent=\($0)"] } ?? []) + ["--hide-scrollbars", "--screenshot=\(file.path)", "--window-size=\(width),\(height)", url],
                          describing: url)
    }

    /// Runs Chromium headless with `arguments` and returns its standard output.
    private func run(_ arguments: [String], describing url: String) async throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let standardOutput = folder.appendingPathComponent("stdout")
        let standardError = folder.appendingPathComponent("stderr")
        // Files rather than pipes: nothing has to drain them while Chromium runs.
        let chromium = try ChildProcess(
            executable: executable.path,
            arguments: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--user-data-dir=\(folder.appendingPathComponent("profile").path)"] + arguments,
            standardOutput: standardOutput.path, standardError: standardError.path)
        guard let termination = await chromium.exit(within: timeLimit) else {
            _ = await chromium.stop()
            throw ChromiumError(message: "chromium did not finish loading \(url) within \(timeLimit) and was killed",
                                standardError: Self.tail(of: standardError))
        }
        guard termination == .exited(0) else {
            throw ChromiumError(message: "chromium ended with \(termination) loading \(url)",
                                standardError: Self.tail(of: standardError))
        }
        return try Data(contentsOf: standardOutput)
    }

    /// The last lines Chromium wrote to standard error, for a failure message.
    private static func tail(of file: URL) -> String {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(15).joined(separator: "\n")
    }
}

/// Chromium failed or ran out of time; `standardError` holds the end of what it said.
struct ChromiumError: Error, CustomStringConvertible {
    let message: String
    let standardError: String

    var description: String { "\(message)\n\(standardError)" }
}
