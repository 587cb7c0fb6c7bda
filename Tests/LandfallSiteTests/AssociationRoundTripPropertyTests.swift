import AppSiteAssociation
import DeepLinkRouting
import Foundation
import LandfallSite
import PropertyBased
import SeededRandom
import Testing

/// generate ∘ match: for a generated route pattern (literals that need escaping, parameters,
/// optional groups, catch-alls) and a generated URL the router matches to it, the association
/// files generated for a site with that one route open the app for that URL, on iOS and on
/// Android, and they pass both linters.
@Suite struct AssociationRoundTripPropertyTests {
    static let cases = Generator<RouteCase, Shrink.None<RouteCase>> { rng in
        var dice = Dice(seed: rng.next())
        return dice.routeCase()
    }

    static let appID = "ABCDE12345.com.example.app"
    static let package = "com.example.app"

    @Test func theGeneratedFilesOpenTheAppForEveryURLTheRouteMatches() async {
        await propertyCheck(count: 500, input: Self.cases) { routeCase in
            let configuration = routeCase.configuration
            let router = try Router(table: configuration.routeTable)
            let match = try #require(router.route(routeCase.url).match, "the router does not match \(routeCase)")
            #expect(match.route.name == "route")

            let url = try LinkURL(parsing: routeCase.url)
            let apple = AssociationGenerator.appleAssociation(for: configuration)
            let ios = AssociationMatcher(apple).decision(for: url, appID: Self.appID)
            #expect(ios.opensApp, "iOS: \(routeCase) with \(apple.encoded(style: .compact))")
            let assetLinks = AssociationGenerator.assetLinks(for: configuration)
            let android = AssetLinksMatcher(assetLinks).decision(for: url, packageName: Self.package)
            // Android has no case-insensitive switch: its rules open the URL as the pattern spells it.
            #expect(android.opensApp || routeCase.changesCase, "Android: \(routeCase): \(android)")
        }
    }

    @Test func theGeneratedFilesPassBothLinters() async {
        await propertyCheck(count: 300, input: Self.cases) { routeCase in
            let configuration = routeCase.configuration
            _ = try RoutePattern(routeCase.pattern)
            let apple = AssociationGenerator.appleAssociation(for: configuration).encoded(style: .pretty)
            let appleProblems = AssociationLinter().lint(apple).diagnostics.filter { $0.severity != .info }
            #expect(appleProblems == [], "\(routeCase.pattern): \(apple)")
            let android = AssociationGenerator.assetLinks(for: configuration).encoded(style: .pretty)
            let androidProblems = AssetLinksLinter().lint(android).diagnostics.filter { $0.severity != .info }
            #expect(androidProblems == [], "\(routeCase.pattern): \(android)")
        }
    }

    @Test func theGeneratorCoversEveryKindOfSegment() {
        var dice = Dice(seed: 7)
        var parameter = false, catchAll = false, group = false, escaped = false, caseFolded = false, root = false
        for _ in 0..<300 {
            let routeCase = dice.routeCase()
            parameter = parameter || routeCase.pattern.contains("/:")
            catchAll = catchAll || routeCase.pattern.contains("/*")
            group = group || routeCase.pattern.contains("(")
            escaped = escaped || routeCase.pattern.contains("%")
            caseFolded = caseFolded || !routeCase.caseSensitive
            root = root || routeCase.pattern == "/"
        }
        #expect(parameter && catchAll && group && escaped && caseFolded && root)
    }
}

/// One generated route and a URL that should open it.
struct RouteCase: Sendable, CustomStringConvertible {
    var pattern: String
    var caseSensitive: Bool
    var url: String
    /// Whether the URL spells a literal with other letter cases than the pattern.
    var changesCase: Bool

    var description: String { "\(pattern)\(caseSensitive ? "" : " (case-insensitive)") ← \(url)" }

    /// A site with this one route and one app on both platforms.
    var configuration: SiteConfiguration {
        SiteConfiguration(
            name: "Property", timeZone: TimeZone(identifier: "UTC") ?? .current,
            hosts: SiteHosts(site: "example.com"),
            apps: [AppConfiguration(
                name: "app",
                ios: IOSApp(teamID: "ABCDE12345", bundleID: "com.example.app"),
                android: AndroidApp(package: "com.example.app", sha256Fingerprints: [SiteDocuments.fingerprint]))],
            routing: RouterOptions(caseSensitive: caseSensitive),
            routes: [SiteRoute(definition: RouteDefinition(pattern: pattern, name: "route"))])
    }
}

/// A deterministic source of random routes (SplitMix64), seeded by the property checker.
struct Dice {
    private var numbers: SeededGenerator

    init(seed: UInt64) {
        numbers = SeededGenerator(seed: seed)
    }

    mutating func next() -> UInt64 {
        numbers.next()
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    mutating func element<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }

    /// A piece of a pattern before it is written out.
    indirect enum Piece {
        case literal(String)
        case parameter(String)
        case catchAll(String?)
        case group([Piece])
    }

    /// Characters of literal segments. Not `?`: written `%3F` in a pattern, it would be a
    /// wildcard in the decoded iOS rule (and the linter reads `?name=` as a query). Not `=`:
    /// the assetlinks linter takes any `=` after a `?` for a query, so `/:id/v=1` (`/?*/v=1`)
    /// gets a query-in-path warning.
    static let literalCharacters: [Character] = Array("abzABZ09-_.~é中ß %+&@!'*$,;")
    static let valueCharacters: [Character] = Array("abzAZ09-_.~é中 %+&@!'*?/#:()[]{}\"<>\\^`|")

    mutating func routeCase() -> RouteCase {
        var names = 0
        var groups = 0
        var pieces: [Piece] = []
        for _ in 0..<int(0...4) {
            pieces.append(piece(depth: 0, names: &names, groups: &groups))
        }
        if chance(25) {
            let tail = Piece.catchAll(chance(70) ? "rest" : nil)
            pieces.append(chance(50) ? .group([tail]) : tail)
        }
        let pattern = pieces.isEmpty ? "/" : pieces.map(Self.written).joined()
        let caseSensitive = chance(60)
        var changesCase = false
        var path = pieces.map { url(for: $0, caseSensitive: caseSensitive, changesCase: &changesCase) }.joined()
        if path.isEmpty { path = "/" }
        let suffix = element(["", "", "?q=1", "?a=b&c", "#top", "?x=%20y#frag"])
        return RouteCase(pattern: pattern, caseSensitive: caseSensitive, url: "https://example.com\(path)\(suffix)",
                         changesCase: changesCase)
    }

    private mutating func piece(depth: Int, names: inout Int, groups: inout Int) -> Piece {
        let roll = int(0...99)
        if roll < 20 && depth < 2 && groups < 4 {
            groups += 1
            var inner: [Piece] = []
            for _ in 0..<int(1...2) {
                inner.append(piece(depth: depth + 1, names: &names, groups: &groups))
            }
            if case .group? = inner.first {
                names += 1
                inner.insert(.parameter("p\(names)"), at: 0)  // a group starts with '/', not '('
            }
            return .group(inner)
        }
        if roll < 55 {
            names += 1
            return .parameter("p\(names)")
        }
        return .literal(literal())
    }

    /// A literal segment: never a dot segment, which the router resolves, and never with a
    /// `%` that reads as an escape (`%bA`): decoded into an iOS rule with `percentEncoded:
    /// false`, the linter takes it for an escape that cannot match.
    private mutating func literal() -> String {
        while true {
            let text = String((0..<int(1...5)).map { _ in element(Self.literalCharacters) })
            let characters = Array(text)
            let readsAsEscape = characters.indices.contains { index in
                characters[index] == "%" && index + 2 < characters.count
                    && characters[index + 1].isHexDigit && characters[index + 2].isHexDigit
            }
            if text != "." && text != ".." && !readsAsEscape { return text }
        }
    }

    /// A parameter value: never empty and never a dot segment, which the router resolves.
    private mutating func value() -> String {
        while true {
            let text = String((0..<int(1...6)).map { _ in element(Self.valueCharacters) })
            if text != "." && text != ".." && !text.contains("/") { return text }
        }
    }

    /// The piece as the pattern writes it: characters a pattern reads specially, and some
    /// others, percent-encoded.
    private static func written(_ piece: Piece) -> String {
        switch piece {
        case .literal(let text):
            "/" + text.map { character in
                let plain = character.isASCII && (character.isLetter || character.isNumber || "-_.~!$&'+,;=@".contains(character))
                return plain || character == "é" ? String(character) : percentEncoded(String(character))
            }.joined()
        case .parameter(let name): "/:\(name)"
        case .catchAll(let name): "/*\(name ?? "")"
        case .group(let inner): "(" + inner.map(written).joined() + ")"
        }
    }

    /// One path the piece can take in a URL the route matches. Literals are written the way a
    /// link carries them (RFC 3986 `pchar`s as they are, the rest percent-encoded); parameter
    /// values with every byte but the unreserved ones percent-encoded.
    private mutating func url(for piece: Piece, caseSensitive: Bool, changesCase: inout Bool) -> String {
        switch piece {
        case .literal(let text):
            let spelt = caseSensitive ? text : String(text.map { character in
                guard character.isASCII, character.isLetter, chance(50) else { return character }
                changesCase = true
                return Character(character.isUppercase ? character.lowercased() : character.uppercased())
            })
            return "/" + Self.percentEncoded(spelt, keeping: "-._~!$&'()*+,;=:@")
        case .parameter:
            return "/" + Self.percentEncoded(value(), keeping: "-._~")
        case .catchAll:
            return (0..<int(1...3)).map { _ in "/" + Self.percentEncoded(value(), keeping: "-._~") }.joined()
        case .group(let inner):
            guard chance(50) else { return "" }
            return inner.map { url(for: $0, caseSensitive: caseSensitive, changesCase: &changesCase) }.joined()
        }
    }

    /// `text` with every byte percent-encoded but ASCII letters, digits and `keeping`.
    static func percentEncoded(_ text: String, keeping: String = "") -> String {
        text.utf8.map { byte in
            let scalar = Unicode.Scalar(byte)
            let kept = byte < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || keeping.unicodeScalars.contains(scalar))
            return kept ? String(scalar) : String(format: "%%%02X", byte)
        }.joined()
    }
}
