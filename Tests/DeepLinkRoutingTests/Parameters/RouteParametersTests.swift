import DeepLinkRouting
import Testing

@Suite struct RouteParametersTests {
    static func parameters(_ url: String) throws -> RouteParameters {
        try #require(Fixtures.router.route(url).match).parameters
    }

    @Test func namesListPathParametersFirstThenEachQueryNameOnce() throws {
        let parameters = try Self.parameters("https://example.com/blog/2024/hello?b=1&a=2&b=3")
        #expect(parameters.names == ["year", "slug", "b", "a"])
        #expect(parameters.pathParameterNames == ["year", "slug"])
        #expect(parameters.pathParameters == ["year": "2024", "slug": "hello"])
    }

    @Test func aDescriptionShowsRepeatedNamesAsAList() throws {
        #expect(try Self.parameters("https://example.com/blog/2024/hello?b=1&a=2&b=3").description
                == "year=2024, slug=hello, b=[1, 3], a=2")
    }

    @Test func containsFindsPathParametersAndQueryItems() throws {
        let parameters = try Self.parameters("https://example.com/blog/2024/hello?debug")
        #expect(parameters.contains("year"))
        #expect(parameters.contains("debug"))
        #expect(!parameters.contains("missing"))
    }

    @Test func aCatchAllIsReadAsItsJoinedSegments() throws {
        let parameters = try Self.parameters("https://example.com/files/a/b%2Fc/d")
        #expect(parameters["path"] == "a/b/c/d")
        #expect(parameters.values("path") == ["a/b/c/d"])
    }

    @Test func equalParametersCompareEqualAcrossSources() throws {
        let web = try Self.parameters("https://example.com/item/shoe?x=1#f")
        let app = try Self.parameters("myapp://item/shoe?x=1#f")
        #expect(web == app)
        #expect(web != (try Self.parameters("myapp://item/shoe?x=2#f")))
    }

    @Test func aTypedQueryItemIsReadWithItsType() throws {
        let parameters = try Self.parameters("https://example.com/search?page=3&page=4")
        #expect(parameters.value("page", as: Int.self) == 3)
        #expect(parameters.values("page", as: Int.self) == [3, 4])
    }
}
