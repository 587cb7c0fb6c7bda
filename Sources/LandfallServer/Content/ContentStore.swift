import Foundation
import LandfallJSON

/// Where a route's content comes from: JSON objects keyed by a path such as `puzzle/2025-10-25`
/// (the file `content/puzzle/2025-10-25.json`).
///
/// Keys are built from URL parameters, so ``ContentKey`` refuses any key that could leave the
/// content directory before a store sees it.
protocol ContentStore: Sendable {
    /// The content at `key`, or `nil` when there is none.
    ///
    /// - Throws: ``ContentError`` when the file exists but is not a JSON object.
    func content(at key: ContentKey) throws(ContentError) -> JSONValue?
    /// The keys directly inside `directory` (`puzzle` lists `puzzle/2025-10-25`, ...), sorted.
    func keys(in directory: String) -> [String]
}

/// A content file that exists but cannot be used.
struct ContentError: Error, Sendable, CustomStringConvertible {
    var key: String
    var reason: String
    var description: String { "content \(key).json: \(reason)" }
}

/// A content key that is safe to use as a path: segments of text that are not `.` or `..`,
/// with no `\`, NUL, or control characters.
struct ContentKey: Sendable, Hashable, CustomStringConvertible {
    let path: String

    /// The key, or `nil` when `path` could escape the content directory or name a hidden file.
    init?(_ path: String) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, path.utf8.count <= 512, segments.allSatisfy({ segment in
            !segment.isEmpty && !segment.hasPrefix(".")
                && !segment.unicodeScalars.contains { $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
        }) else { return nil }
        self.path = path
    }

    var description: String { path }
}

extension ContentStore {
    /// Parses `bytes` as the content at `key`: a JSON object, strictly.
    static func parse(_ bytes: some Collection<UInt8>, key: ContentKey) throws(ContentError) -> JSONValue {
        let value: JSONValue
        do {
            value = try JSONParser().parseDocument(bytes).value
        } catch {
            throw ContentError(key: key.path, reason: "not valid JSON: \(error)")
        }
        guard value.objectMembers != nil else {
            throw ContentError(key: key.path, reason: "expected a JSON object, found \(value.kindDescription)")
        }
        return value
    }
}

/// Content files in a directory, read when asked (so new days appear without a reload).
struct DirectoryContentStore: ContentStore {
    let directory: URL

    func content(at key: ContentKey) throws(ContentError) -> JSONValue? {
        let url = directory.appendingPathComponent(key.path + ".json")
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try Self.parse(data, key: key)
    }

    func keys(in directory: String) -> [String] {
        let url = self.directory.appendingPathComponent(directory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .map { "\(directory)/\($0.dropLast(5))" }.sorted()
    }
}

/// Content held in memory (the demo's).
struct EmbeddedContentStore: ContentStore {
    /// Files by key (`puzzle/2025-10-25`), as text.
    let files: [String: String]

    func content(at key: ContentKey) throws(ContentError) -> JSONValue? {
        guard let text = files[key.path] else { return nil }
        return try Self.parse(Array(text.utf8), key: key)
    }

    func keys(in directory: String) -> [String] {
        files.keys.filter { $0.hasPrefix(directory + "/") && !$0.dropFirst(directory.count + 1).contains("/") }.sorted()
    }
}
