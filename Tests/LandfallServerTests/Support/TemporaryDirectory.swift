import Foundation

/// A directory of its own for one test, under the system's temporary directory.
struct TemporaryDirectory: Sendable {
    /// The directory.
    let url: URL

    /// Creates a new, empty directory whose name starts with `prefix`.
    init(_ prefix: String = "landfall-server-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The directory's path.
    var path: String { url.path }

    /// Writes `text` to `relativePath` (`content/puzzle/2026-11-20.json`), creating directories.
    func write(_ relativePath: String, _ text: String) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Writes `data` to `relativePath`, creating directories.
    func write(_ relativePath: String, data: Data) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// Deletes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
