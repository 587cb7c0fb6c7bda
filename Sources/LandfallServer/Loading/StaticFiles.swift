import Crypto
import Foundation
import LandfallSite
import NIOCore

/// The files of a site's `static/` folder, served at `/static/…` on the site host
/// (``StaticFileResponse``): read whole when the site loads (a reload reads them again), each
/// with its content type, ETag and, for an image, its pixel size (for `og:image:width`).
///
/// A file is at most ``maximumFileSize``, all of them together at most ``maximumTotalSize``;
/// a file of a kind the server does not serve, one that is too large, or a symbolic link out of
/// the folder refuses the load with a message naming it. Hidden files (`.DS_Store`) are left out.
///
/// ```swift
/// let files = try StaticFiles.read(directory: "examples/demo/static")
/// files.file(at: "daily-puzzle.png")?.dimensions   // 1200×630
/// ```
struct StaticFiles: Sendable {
    /// One file, ready to send.
    struct File: Sendable {
        let bytes: ByteBuffer
        let contentType: String
        /// A strong ETag: the first 16 bytes of the file's SHA-256, quoted.
        let etag: String
        /// The pixel size, when it is a PNG, GIF, JPEG or WebP image.
        let dimensions: ImageDimensions?
    }

    /// The largest file served: 5 MiB (put larger files on a CDN).
    static let maximumFileSize = 5 << 20
    /// The most all the files may hold together: 50 MiB, kept in memory.
    static let maximumTotalSize = 50 << 20
    /// The most files.
    static let maximumCount = 2_000

    /// The kinds of file served, by extension (lower case).
    static let contentTypes: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "avif": "image/avif", "svg": "image/svg+xml", "ico": "image/x-icon",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "json": "application/json",
        "webmanifest": "application/manifest+json", "txt": "text/plain; charset=utf-8",
        "woff": "font/woff", "woff2": "font/woff2", "pdf": "application/pdf",
    ]

    /// The files, by their path under `static/` (`daily-puzzle.png`, `img/a.png`).
    let files: [String: File]

    /// No files.
    static let none = StaticFiles(files: [:])

    /// The file at `path` (under `static/`, without its leading `/static/`).
    func file(at path: String) -> File? { files[path] }

    /// The file an image address of the site names: a path `/static/…`, or the same on one of
    /// `siteHosts` as an absolute URL.
    func file(named address: String, siteHosts: [String]) -> File? {
        var path = address
        if let components = URLComponents(string: address), let host = components.host?.lowercased() {
            guard siteHosts.contains(host) else { return nil }
            path = components.path
        }
        guard path.hasPrefix(Site.staticPathPrefix) else { return nil }
        return file(at: String(path.dropFirst(Site.staticPathPrefix.count)))
    }

    /// Reads every file under `directory` (recursively).
    static func read(directory: String) throws(SiteLoadError) -> StaticFiles {
        let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath()
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else {
            throw SiteLoadError("\(directory): cannot list the static folder")
        }
        var entries: [(path: String, bytes: [UInt8])] = []
        var total = 0
        for case let url as URL in walker {
            let resolved = url.resolvingSymlinksInPath()
            let relative = String(url.path.dropFirst(root.path.count + 1))
            let values = try? resolved.resourceValues(forKeys: Set(keys))
            if values?.isDirectory == true { continue }
            guard resolved.path.hasPrefix(root.path + "/") else {
                throw SiteLoadError("\(directory)/\(relative): a link to \(resolved.path), outside the static folder; copy the file in instead")
            }
            guard values?.isRegularFile == true else { continue }
            let size = (try? FileManager.default.attributesOfItem(atPath: resolved.path)[.size] as? Int) ?? 0
            try check(relative, size: size, total: &total, count: entries.count + 1, source: directory)
            guard let data = FileManager.default.contents(atPath: resolved.path) else {
                throw SiteLoadError("\(directory)/\(relative): cannot read the file")
            }
            entries.append((relative, Array(data)))
        }
        return try make(entries, source: directory)
    }

    /// The files of `entries` (path under `static/` and bytes), checked as ``read(directory:)`` checks them.
    static func make(_ entries: [(path: String, bytes: [UInt8])], source: String) throws(SiteLoadError) -> StaticFiles {
        var files: [String: File] = [:]
        var total = 0
        for (index, entry) in entries.enumerated() {
            try check(entry.path, size: entry.bytes.count, total: &total, count: index + 1, source: source)
            let type = contentTypes[(entry.path as NSString).pathExtension.lowercased()] ?? ""
            let digest = SHA256.hash(data: entry.bytes).prefix(16).map { String(format: "%02x", $0) }.joined()
            files[entry.path] = File(bytes: ByteBuffer(bytes: entry.bytes), contentType: type, etag: "\"\(digest)\"",
                                     dimensions: type.hasPrefix("image/") ? ImageDimensions(entry.bytes) : nil)
        }
        return StaticFiles(files: files)
    }

    private static func check(_ path: String, size: Int, total: inout Int, count: Int, source: String) throws(SiteLoadError) {
        let name = "\(source)/\(path)"
        let fileExtension = (path as NSString).pathExtension.lowercased()
        guard contentTypes[fileExtension] != nil else {
            throw SiteLoadError("""
                \(name): the static folder serves only \(contentTypes.keys.sorted().joined(separator: ", ")) files; \
                move this one out of it
                """)
        }
        guard size <= maximumFileSize else {
            throw SiteLoadError("\(name) is \(size / 1024 / 1024) MiB; a static file is at most \(maximumFileSize >> 20) MiB (put larger files on a CDN)")
        }
        total += size
        guard total <= maximumTotalSize else {
            throw SiteLoadError("\(source): the static files hold more than \(maximumTotalSize >> 20) MiB, all kept in memory; put the larger ones on a CDN")
        }
        guard count <= maximumCount else {
            throw SiteLoadError("\(source): the static folder has more than \(maximumCount) files")
        }
    }
}
