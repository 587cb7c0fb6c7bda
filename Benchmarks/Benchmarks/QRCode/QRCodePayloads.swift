import Foundation

/// The bytes the QR code benchmark encodes, read from `Benchmarks/QRCode/payloads.txt` (the file
/// the segno anchor reads too, so both sides encode the same bytes).
struct QRCodePayloads: Sendable {
    /// The capacity of version 40 at error correction H in byte mode: the worst case's length.
    static let worstCaseByteCount = 1_273

    /// A realistic short link, `https://go.daily.example.com/Ab3xY9k` (36 bytes).
    let short: [UInt8]
    /// The same link with UTM parameters, about 300 bytes.
    let long: [UInt8]
    /// The long link repeated and cut at 1,273 bytes: version 40-H filled to capacity.
    let worstCase: [UInt8]
    /// 1,024 short links like `short`, each with a different 7-character slug: encoding the same
    /// bytes over and over lets the processor's branch predictor learn the symbol, which makes
    /// one repeated link about twice as fast as a stream of different ones.
    let variedShort: [[UInt8]]
    /// The version each link must encode to, at L, M, Q and H, by name (`short`, `long`).
    let versions: [String: [Int]]

    /// Reads the file next to `run.sh`, found from this source file's path (the benchmark runs
    /// in the checkout it was built from).
    static func load(file: String = #filePath) -> QRCodePayloads {
        let benchmarksFolder = URL(fileURLWithPath: file)
            .deletingLastPathComponent()  // QRCode
            .deletingLastPathComponent()  // Benchmarks (the targets)
            .deletingLastPathComponent()  // Benchmarks (the package)
        let path = benchmarksFolder.appendingPathComponent("QRCode/payloads.txt").path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            fatalError("cannot read the payloads at \(path)")
        }
        var named: [String: (versions: [Int], bytes: [UInt8])] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ", maxSplits: 2)
            let versions = fields.count == 3 ? fields[1].split(separator: ",").compactMap { Int($0) } : []
            guard versions.count == 4 else {
                fatalError("\(path): expected 'name versions-at-L,M,Q,H text', found '\(line)'")
            }
            named[String(fields[0])] = (versions, Array(fields[2].utf8))
        }
        guard let short = named["short"], let long = named["long"], !long.bytes.isEmpty else {
            fatalError("\(path): expected the lines 'short …' and 'long …'")
        }
        let repeated = Array(repeating: long.bytes, count: worstCaseByteCount / long.bytes.count + 1).joined()
        return QRCodePayloads(
            short: short.bytes, long: long.bytes, worstCase: Array(repeated.prefix(worstCaseByteCount)),
            variedShort: variedLinks(like: short.bytes, count: 1_024),
            versions: ["short": short.versions, "long": long.versions])
    }

    /// `count` copies of `link`, the last 7 bytes (the slug) of each replaced by characters of a
    /// short-link alphabet drawn from a 64-bit linear congruential generator (anchor.py draws the
    /// same ones).
    static func variedLinks(like link: [UInt8], count: Int) -> [[UInt8]] {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            Array(link.dropLast(7)) + (0..<7).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return alphabet[Int(state >> 33) % alphabet.count]
            }
        }
    }
}
