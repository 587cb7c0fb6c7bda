import Testing
@testable import LandfallServer

/// ``RequestIDs``: a client's sane `X-Request-ID` is kept; otherwise the server makes one of
/// 32 hex digits, never the same twice.
@Suite struct RequestIDsTests {
    static let longestSane = String(repeating: "a", count: 128)

    /// Whether `id` is one the server made: 32 lowercase hex digits.
    static func isMade(_ id: String) -> Bool {
        id.utf8.count == 32 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    @Test("a sane client id is kept as it is", arguments: [
        "a", "abc123", "req-2026-11-20_17.00.00", "ABCdef-_.", "0", longestSane,
        "3f1c1b2e-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
    ])
    func saneIDsAreKept(header: String) {
        #expect(RequestIDs.isSane(header))
        #expect(RequestIDs.id(from: header) == header)
    }

    @Test("an insane client id is replaced with one the server makes", arguments: [
        "", String(repeating: "a", count: 129), "two words", "semi;colon", "a/b", "quote\"d", "ünicode", "tab\there",
        "<script>", "id=1", "%41",
    ])
    func insaneIDsAreReplaced(header: String) {
        #expect(!RequestIDs.isSane(header))
        let id = RequestIDs.id(from: header)
        #expect(id != header)
        #expect(Self.isMade(id), "\(id)")
    }

    @Test("without a client id the server makes one of 32 lowercase hex digits")
    func madeIDsAreHex() {
        let id = RequestIDs.id(from: nil)
        #expect(Self.isMade(id), "\(id)")
    }

    @Test("made ids are unique, share the process's prefix and count up")
    func madeIDsAreUnique() {
        let ids = (0..<1000).map { _ in RequestIDs.id(from: nil) }
        #expect(Set(ids).count == 1000)
        #expect(Set(ids.map { $0.prefix(16) }).count == 1, "one random prefix per process")
        let counters = ids.map { UInt64($0.dropFirst(16), radix: 16) }
        #expect(counters.allSatisfy { $0 != nil })
        let values = counters.compactMap { $0 }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "the counter only grows (other tests draw ids too)")
    }

    @Test("hex writes 16 lowercase digits, leading zeros included", arguments: [
        (value: 0 as UInt64, text: "0000000000000000"),
        (value: 1, text: "0000000000000001"),
        (value: 0xDEADBEEF, text: "00000000deadbeef"),
        (value: 0x0123456789ABCDEF, text: "0123456789abcdef"),
        (value: UInt64.max, text: "ffffffffffffffff"),
    ])
    func hexDigits(value: UInt64, text: String) {
        #expect(RequestIDs.hex(value) == text)
    }
}
