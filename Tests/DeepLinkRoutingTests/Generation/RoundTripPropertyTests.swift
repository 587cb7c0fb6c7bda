import DeepLinkRouting
import PropertyBased
import Testing

/// parse(generate(route, parameters)) gives back the route and the parameters, for random
/// values full of the characters URLs treat specially.
@Suite struct RoundTripPropertyTests {
    static let alphabet: [Character] = Array("abcXYZ019 /%+?#&=.~:@;,!$'()*[]\"<>\\^`{|}é中😀\u{301}-_")
    static let text = Gen<Character?>.element(of: alphabet).map { $0 ?? "a" }.string(of: 1...12)
    static let anyText = Gen<Character?>.element(of: alphabet).map { $0 ?? "a" }.string(of: 0...8)

    static func router(plusAsSpace: Bool) -> Router {
        do {
            return try Router(
                sources: [.host("example.com", includingWWW: true), .scheme("myapp")],
                routes: [
                    Route("/p/:a/:b", name: "pair"),
                    Route("/files/*path", name: "files"),
                    Route("/o/:a(/x/:b)", name: "optional"),
                    Route("/n/:number", name: "number", parameters: ["number": .int]),
                    Route("/d/:day", name: "day", parameters: ["day": .day]),
                    Route("/f/:value", name: "double", parameters: ["value": .double]),
                    Route("/:anything", name: "single"),
                ],
                options: RouterOptions(plusAsSpace: plusAsSpace))
        } catch {
            fatalError("\(error)")
        }
    }

    static let routers = [router(plusAsSpace: false), router(plusAsSpace: true)]
    static let targets: [LinkTarget] = [.https("example.com"), .https("www.example.com"), .scheme("myapp")]

    @Test func twoPathParametersRoundTrip() async {
        await propertyCheck(count: 300, input: Self.text, Self.text, Gen.int(in: 0...5)) { a, b, choice in
            let router = Self.routers[choice % 2]
            let target = Self.targets[choice % 3]
            let link = try router.link(to: "pair", parameters: ["a": a, "b": b], on: target)
            let match = try #require(router.route(link).match, "\(link)")
            #expect(match.route.name == "pair")
            #expect(match.parameters["a"] == a)
            #expect(match.parameters["b"] == b)
        }
    }

    @Test func aSingleSegmentRoundTripsForEveryTarget() async {
        await propertyCheck(count: 300, input: Self.text, Gen.int(in: 0...5)) { value, choice in
            let router = Self.routers[choice % 2]
            let link = try router.link(to: "single", parameters: ["anything": value], on: Self.targets[choice % 3])
            let match = try #require(router.route(link).match, "\(link)")
            #expect(match.route.name == "single")
            #expect(match.parameters["anything"] == value)
        }
    }

    @Test func aCatchAllRoundTripsItsNonEmptySegments() async {
        await propertyCheck(count: 300, input: Self.text, Gen.int(in: 0...5)) { value, choice in
            let router = Self.routers[choice % 2]
            let expected = value.split(separator: "/").joined(separator: "/")
            guard !expected.isEmpty else {
                #expect(throws: URLGenerationError.self) {
                    try router.link(to: "files", parameters: ["path": value], on: .https("example.com"))
                }
                return
            }
            let link = try router.link(to: "files", parameters: ["path": value], on: Self.targets[choice % 3])
            let match = try #require(router.route(link).match, "\(link)")
            #expect(match.route.name == "files")
            #expect(match.parameters["path"] == expected)
        }
    }

    @Test func queryItemsAndTheFragmentRoundTrip() async {
        await propertyCheck(count: 300, input: Self.text, Self.anyText, Self.anyText, Self.anyText, Gen.int(in: 0...5)) { a, key, value, fragment, choice in
            let router = Self.routers[choice % 2]
            let name = "k" + key  // never empty, never "a" or "b"
            let link = try router.link(to: "optional", parameters: ["a": a, name: [value, fragment]], fragment: fragment,
                                       on: Self.targets[choice % 3])
            let match = try #require(router.route(link).match, "\(link)")
            #expect(match.route.name == "optional")
            #expect(match.parameters["a"] == a)
            #expect(match.parameters.values(name) == [value, fragment])
            #expect(match.parameters.fragment == fragment)
        }
    }

    @Test func optionalGroupsRoundTripWithAndWithoutTheirParameters() async {
        await propertyCheck(count: 200, input: Self.text, Self.text, Gen.bool) { a, b, includeB in
            let router = Self.routers[0]
            let parameters: [String: any Sendable] = includeB ? ["a": a, "b": b] : ["a": a]
            let link = try router.link(to: "optional", parameters: parameters, on: .https("example.com"))
            let match = try #require(router.route(link).match, "\(link)")
            #expect(match.parameters.pathParameters == (includeB ? ["a": a, "b": b] : ["a": a]))
        }
    }

    @Test func typedValuesRoundTrip() async {
        await propertyCheck(count: 300, input: Gen.int(in: Int.min...Int.max), Gen.int(in: 1...9999), Gen.int(in: 1...12),
                            Gen.int(in: 1...28), Gen.double(in: -1e12...1e12)) { number, year, month, day, double in
            let router = Self.routers[0]
            let numberLink = try router.link(to: "number", parameters: ["number": number], on: .scheme("myapp"))
            #expect(router.route(numberLink).match?.parameters.value("number", as: Int.self) == number)

            let calendarDay = try #require(CalendarDay(year: year, month: month, day: day))
            let dayLink = try router.link(to: "day", parameters: ["day": calendarDay], on: .https("example.com"))
            #expect(router.route(dayLink).match?.parameters.value("day", as: CalendarDay.self) == calendarDay)

            let doubleLink = try router.link(to: "double", parameters: ["value": double], on: .https("example.com"))
            #expect(router.route(doubleLink).match?.parameters.value("value", as: Double.self) == double)
        }
    }
}
