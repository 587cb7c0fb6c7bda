// seed-list-links: fills a SQLite data directory with varied links for the links list page
// benchmark, through Landfall's own storage (the schema, rows and search index `landfall
// serve` reads).
//
//   seed-list-links DIR COUNT
//
// Link number i (0 ≤ i < COUNT) on go.daily.example.com, slug `c` and seven digits, created
// 31.5 s after link i-1 (a million links span a year up to 2026-11-20), its id made at that
// moment (so newest first is i descending):
//   - title: three words of a 64-word vocabulary, and "puzzle" for every even i (a common
//     word: half the links); "zephyr" for i % 100,000 == 7 (a rare word: 10 of a million);
//   - target: https://daily.example.com/article/i;
//   - campaign: spring-(i % 50);
//   - click count: (i × 7,919) mod 1,000;
//   - disabled for i % 40,000 == 13 (25 of a million); expired (a date in the past) for
//     i % 1,000 == 5.
// Stored 10,000 links per `Storage.insert` (one transaction each). Refuses a directory that
// already holds links. Prints the time taken.
import Foundation
import LandfallLinks
import LandfallStorage
import Logging

enum SeedPlan {
    static let host = "go.daily.example.com"
    static let batchSize = 10_000
    static let last = Date(timeIntervalSince1970: 1_795_176_000)   // 2026-11-20 12:00 UTC
    static let vocabulary = """
        amber basil cedar delta ember frost glade harbor indigo jasper kelp lumen meadow nectar onyx pebble quartz \
        raven saffron tundra umber velvet willow xenon yarrow zinc aurora breeze cobalt dune echo fern granite haze \
        iris juniper kestrel lagoon maple nimbus orchid prairie quill ripple sable thistle upland vale wren yonder \
        zenith acorn birch canyon dawn elm fjord grove heath island
        """.split(separator: " ").map(String.init)

    static func link(_ index: Int, count: Int, using generator: inout some RandomNumberGenerator) -> ShortLink {
        let created = last.addingTimeInterval(-Double(count - 1 - index) * 31.5)
        let digits = String(index)
        var link = ShortLink(id: LinkID.generate(at: created, using: &generator), host: host,
                             slug: "c" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits,
                             target: "https://daily.example.com/article/\(index)", createdAt: created)
        var words = (0..<3).map { vocabulary[(index / [1, 64, 4096][$0] + $0 * 17) % vocabulary.count] }
        if index % 2 == 0 { words.append("puzzle") }
        if index % 100_000 == 7 { words.append("zephyr") }
        link.preview.title = words.joined(separator: " ").capitalized
        link.campaign.name = "spring-\(index % 50)"
        link.clickCount = (index * 7_919) % 1_000
        link.isDisabled = index % 40_000 == 13
        if index % 1_000 == 5 { link.expiresAt = created.addingTimeInterval(3_600) }
        return link
    }
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("seed-list-links: \(message)\n".utf8))
    exit(status)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let directory = arguments.first, !directory.isEmpty,
      let count = arguments.last.flatMap({ Int($0) }), (1...10_000_000).contains(count) else {
    fail("usage: seed-list-links DIR COUNT   (COUNT from 1 to 10000000)", status: 2)
}
var logger = Logger(label: "seed-list-links")
logger.logLevel = .warning
let storage: Storage
do {
    storage = try await Storage.open(.sqlite(directory: directory), logger: logger)
} catch {
    fail("cannot open \(directory): \(error)")
}
let clock = ContinuousClock()
let started = clock.now
do {
    let existing = try await storage.linkCount()
    guard existing == 0 else {
        await storage.close()
        fail("\(directory) already holds \(existing) link(s); seed an empty directory")
    }
    var generator = SystemRandomNumberGenerator()
    var stored = 0
    while stored < count {
        let batch = (stored..<min(count, stored + SeedPlan.batchSize)).map { SeedPlan.link($0, count: count, using: &generator) }
        try await storage.insert(batch)
        stored += batch.count
        if stored % 100_000 == 0 { print("stored \(stored) of \(count) links") }
    }
    await storage.close()
} catch {
    await storage.close()
    fail("seeding \(directory) failed: \(error)")
}
let elapsed = clock.now - started
print("seeded \(count) links in \(elapsed) into \(directory)")
