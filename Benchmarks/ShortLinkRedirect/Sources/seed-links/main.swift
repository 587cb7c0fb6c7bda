// seed-links: fills a SQLite data directory with short links for the redirect benchmark,
// through Landfall's own storage (the schema and rows `landfall serve` reads).
//
//   seed-links DIR COUNT
//   seed-links postgres://USER@HOST:PORT/DATABASE COUNT
//   seed-links --schema-version
//
// Opens `Storage.open(.sqlite(directory: DIR))`, or PostgreSQL's DATABASE for a postgres:// URL
// (run.sh's POSTGRES_URL mode), creating and migrating it, and stores COUNT
// links on go.daily.example.com with the slugs b0000000, b0000001, … (one letter and seven
// digits, so 10,000,000 at most), all leading to the demo's puzzle page, in batches of 5,000
// links (one transaction each). Refuses a directory that already holds links. Prints the time
// taken; run.sh reads its last line. `--schema-version` prints the schema version this build
// of Landfall writes (run.sh keeps a seeded directory per count and schema version).
import Foundation
import LandfallLinks
import LandfallStorage
import Logging

/// What every seeded link is: its host, where it leads, and how its slugs are spelled.
enum SeedPlan {
    /// The demo's link host.
    static let host = "go.daily.example.com"
    /// A puzzle page of the demo: a route that opens the app, so a desktop browser gets a 302 to it.
    static let target = "https://daily.example.com/puzzle/2026-11-20"
    /// Links stored per `Storage.insert` call, each call one transaction.
    static let batchSize = 5_000
    /// The most links the slug format can name.
    static let maximumCount = 10_000_000

    /// The slug of link number `index`: `b` and seven digits (`b0000042`); run.sh's Lua script
    /// spells them the same way.
    static func slug(_ index: Int) -> String {
        let digits = String(index)
        return "b" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }
}

/// Writes `message` and a newline to standard error and exits with status 1 (or `status`).
func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("seed-links: \(message)\n".utf8))
    exit(status)
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.count == 1, arguments.first == "--schema-version" {
    print(Storage.schemaVersion)
    exit(0)
}
guard arguments.count == 2, let directory = arguments.first, !directory.isEmpty,
      let count = arguments.last.flatMap({ Int($0) }), (1...SeedPlan.maximumCount).contains(count) else {
    fail("usage: seed-links DIR|postgres://URL COUNT   (COUNT from 1 to \(SeedPlan.maximumCount)), or seed-links --schema-version", status: 2)
}

var logger = Logger(label: "seed-links")
logger.logLevel = .warning

let storage: Storage
do {
    let location: StorageLocation = directory.hasPrefix("postgres://") || directory.hasPrefix("postgresql://")
        ? .postgres(url: directory) : .sqlite(directory: directory)
    storage = try await Storage.open(location, logger: logger)
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
    let createdAt = Date()
    var stored = 0
    while stored < count {
        let batch = (stored..<min(count, stored + SeedPlan.batchSize)).map { index in
            ShortLink(id: LinkID.generate(at: createdAt, using: &generator), host: SeedPlan.host,
                      slug: SeedPlan.slug(index), target: SeedPlan.target, createdAt: createdAt)
        }
        try await storage.insert(batch)
        stored += batch.count
        if stored % 100_000 == 0 {
            print("stored \(stored) of \(count) links")
        }
    }
    let total = try await storage.linkCount()
    await storage.close()
    guard total == count else { fail("stored \(count) links but \(directory) holds \(total)") }
} catch {
    await storage.close()
    fail("seeding \(directory) failed: \(error)")
}
let elapsed = clock.now - started
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print("seeded \(count) links in \(String(format: "%.1f", seconds)) s (\(String(format: "%.0f", Double(count) / seconds)) links/s) into \(directory)")
