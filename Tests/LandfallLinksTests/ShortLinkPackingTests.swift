import Foundation
import LandfallLinks
import LandfallWire
import PropertyBased
import SeededRandom
import Testing

@Suite("A link packed for memory")
struct ShortLinkPackingTests {
    private static let created = Date(timeIntervalSince1970: 1_795_000_000.123)

    private static func roundTrip(_ link: ShortLink, origins: inout PackedOrigins) throws -> ShortLink {
        var bytes: [UInt8] = []
        link.pack(into: &bytes, origins: &origins)
        return try bytes.withUnsafeBytes { [origins] in try ShortLink(unpacking: $0, host: link.host, slug: link.slug, origins: origins) }
    }

    private static func roundTrip(_ link: ShortLink) throws -> ShortLink {
        var origins = PackedOrigins()
        return try roundTrip(link, origins: &origins)
    }

    @Test("unpacks to the same link, every field set or none", arguments: [
        ShortLink(id: LinkID("019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11")!, host: "go.example.com", slug: "winter",
                  target: "https://daily.example.com/puzzle/2026-11-21", createdAt: created),
        ShortLink(id: LinkID("019A8C3E-7A10-7C4E-9B1F-3F0D2A6B8CFF")!, host: "go.example.com", slug: "Winter_2",
                  target: "https://daily.example.com/é?q=1#x",
                  overrides: PlatformOverrides(ios: "https://apps.apple.com/app/id1", android: "https://play.google.com/x", desktop: ""),
                  preview: SocialPreview(title: "Friday 🧩", description: "Line\nbreak", imageURL: "https://cdn.example.com/a.png"),
                  campaign: Campaign(source: "news", medium: "email", name: "winter", term: "t", content: "c"),
                  data: ["score": "42", "": "empty key", "émoji": "✅"],
                  expiresAt: created.addingTimeInterval(86_400), maxClicks: 5, isDisabled: true,
                  createdAt: created, updatedAt: created.addingTimeInterval(0.5), clickCount: 3, card: "invitation"),
        ShortLink(id: LinkID("00000000-0000-0000-0000-000000000000")!, host: "go.example.com", slug: "abcd", target: "",
                  maxClicks: 0, createdAt: Date(timeIntervalSinceReferenceDate: -1e9), clickCount: Int.max),
    ])
    func unpacksToTheSameLink(link: ShortLink) throws {
        #expect(try Self.roundTrip(link) == link)
    }

    @Test("unpacks every link made of random fields to the same link")
    func randomLinksRoundTrip() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            var random = SeededGenerator(seed: UInt64(seed))
            let link = Self.randomLink(using: &random)
            #expect((try? Self.roundTrip(link)) == link)
        }
    }

    @Test("unpacks links sharing one table of origins, and links packed past its limit, to the same links")
    func sharedOrigins() async {
        await propertyCheck(count: 100, input: Gen.int(in: 0...Int.max)) { seed in
            var random = SeededGenerator(seed: UInt64(seed))
            var origins = PackedOrigins(limit: 3)
            var packed: [(link: ShortLink, bytes: [UInt8])] = []
            for _ in 0..<20 {
                var link = Self.randomLink(using: &random)
                link.target = ["https://a.example", "http://b.example:8080", "app://c", "x://", "no origin", "https://a.example?q"]
                    .randomElement(using: &random)! + (["/p", "?q=1", "#f", "", "/é/🧩"].randomElement(using: &random)!)
                var bytes: [UInt8] = []
                link.pack(into: &bytes, origins: &origins)
                packed.append((link, bytes))
            }
            #expect(origins.count <= 3)
            let table = origins
            for (link, bytes) in packed {
                let unpacked = try? bytes.withUnsafeBytes { try ShortLink(unpacking: $0, host: link.host, slug: link.slug, origins: table) }
                #expect(unpacked == link)
            }
        }
    }

    @Test("keeps a link with a 45-byte target and nothing else in under 60 bytes, its origin kept once")
    func isCompact() {
        var random = SeededGenerator(seed: 7)
        var origins = PackedOrigins()
        let links = (0..<2).map { number in
            ShortLink(id: LinkID.generate(at: Self.created, using: &random), host: "go.daily.example.com",
                      slug: "b000000\(number)", target: "https://daily.example.com/puzzle/2026-11-20/x", createdAt: Self.created)
        }
        for link in links {
            var bytes: [UInt8] = []
            link.pack(into: &bytes, origins: &origins)
            #expect(bytes.count < 60)
        }
        #expect(origins.count == 1)
    }

    @Test("refuses a target whose origin is not in the table, saying so")
    func refusesAnUnknownOrigin() throws {
        let link = ShortLink(id: LinkID("019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11")!, host: "go.example.com", slug: "winter",
                             target: "https://daily.example.com/", createdAt: Self.created)
        var origins = PackedOrigins()
        var bytes: [UInt8] = []
        link.pack(into: &bytes, origins: &origins)
        let error = #expect(throws: LinkUnpackingError.self) {
            try bytes.withUnsafeBytes { try ShortLink(unpacking: $0, host: "go.example.com", slug: "winter", origins: PackedOrigins()) }
        }
        #expect(error?.problem == "origin 0 of 0")
    }

    @Test("keeps a link's card template name, in the name's bytes and one for its length")
    func keepsTheCardName() throws {
        var random = SeededGenerator(seed: 7)
        var link = ShortLink(id: LinkID.generate(at: Self.created, using: &random), host: "go.daily.example.com",
                             slug: "join", target: "https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R", createdAt: Self.created)
        var plain: [UInt8] = []
        var origins = PackedOrigins()
        link.pack(into: &plain, origins: &origins)
        link.card = "invitation"
        var named: [UInt8] = []
        link.pack(into: &named, origins: &origins)
        #expect(named.count == plain.count + 1 + "invitation".utf8.count)
        #expect(try Self.roundTrip(link).card == "invitation")
    }

    @Test("refuses bytes that end early or run on, saying where", arguments: [0, 1, 16, 20, -1])
    func refusesDamagedBytes(cut: Int) throws {
        let link = ShortLink(id: LinkID("019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11")!, host: "go.example.com", slug: "winter",
                             target: "https://daily.example.com/", data: ["a": "b"], createdAt: Self.created)
        var bytes: [UInt8] = []
        var origins = PackedOrigins()
        link.pack(into: &bytes, origins: &origins)
        let damaged = cut >= 0 ? Array(bytes.prefix(cut)) : bytes + [0]
        let error = #expect(throws: LinkUnpackingError.self) {
            try damaged.withUnsafeBytes { [origins] in try ShortLink(unpacking: $0, host: "go.example.com", slug: "winter", origins: origins) }
        }
        #expect(error?.description.hasPrefix("not a packed link: ") == true)
        #expect(error?.offset ?? -1 <= damaged.count)
    }

    private static func randomLink(using random: inout some RandomNumberGenerator) -> ShortLink {
        func text() -> String? {
            guard Bool.random(using: &random) else { return nil }
            let pieces = ["a", "é", "🧩", "/", " ", "\u{0}", "https://x.example/", "字", "://", "\u{600}", "?", "#"]
            return (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        var data: [String: String] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &random) { data[text() ?? ""] = text() ?? "" }
        let created = Date(timeIntervalSinceReferenceDate: Double.random(in: -1e10...1e10, using: &random))
        return ShortLink(
            id: LinkID.generate(at: created, using: &random), host: "go.example.com", slug: text() ?? "s", target: text() ?? "",
            overrides: PlatformOverrides(ios: text(), android: text(), desktop: text()),
            preview: SocialPreview(title: text(), description: text(), imageURL: text()),
            campaign: Campaign(source: text(), medium: text(), name: text(), term: text(), content: text()),
            data: data,
            expiresAt: Bool.random(using: &random) ? created.addingTimeInterval(Double.random(in: 0...1e8, using: &random)) : nil,
            maxClicks: Bool.random(using: &random) ? Int.random(in: Int.min...Int.max, using: &random) : nil,
            isDisabled: Bool.random(using: &random), createdAt: created,
            updatedAt: Bool.random(using: &random) ? created : created.addingTimeInterval(1),
            clickCount: Int.random(in: Int.min...Int.max, using: &random), card: text())
    }
}
