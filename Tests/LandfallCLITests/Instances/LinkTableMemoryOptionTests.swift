import Testing
@testable import LandfallCLI

/// `landfall serve --link-table-memory SIZE`: the most memory the table of every link may take
/// (`256MB`, `1GB`, `0` off).
@Suite struct LinkTableMemoryOptionTests {
    @Test("reads an amount of memory as people write it", arguments: [
        ("256MB", 256 << 20), ("1GB", 1 << 30), ("64mib", 64 << 20), ("512 KB", 512 << 10), ("0", 0), ("0MB", 0), ("1000000b", 1_000_000),
    ])
    func readsSizes(text: String, bytes: Int) throws {
        #expect(try MemorySizeText(parsing: text).bytes == bytes)
    }

    @Test("refuses what is not an amount of memory, saying how to write one", arguments: [
        ("", "is not an amount of memory"), ("lots", "is not an amount of memory"), ("-5MB", "is not an amount of memory"),
        ("1.5GB", "has the unit '.5gb'"), ("256", "has no unit"), ("3TB", "has the unit 'tb'"), ("9999999999999MB", "is not an amount of memory"), ("999999999999GB", "more memory than any machine has"),
    ])
    func refusesOthers(text: String, says: String) {
        let error = #expect(throws: MemorySizeTextError.self) { try MemorySizeText(parsing: text) }
        #expect(error?.message.contains(says) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("such as 256MB or 1GB") == true)
    }

    @Test("a link table memory that is not an amount is a usage error naming the option")
    func badValueIsAUsageError() async throws {
        let result = try await LandfallExecutable.run(["serve", "--link-table-memory=lots"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--link-table-memory: 'lots' is not an amount of memory"), "\(result.standardError)")
    }

    @Test("serve --help describes the link table memory")
    func helpDescribesIt() async throws {
        let result = try await LandfallExecutable.run(["serve", "--help"])
        #expect(result.standardOutput.contains("--link-table-memory <size>"), "\(result.standardOutput)")
    }
}
