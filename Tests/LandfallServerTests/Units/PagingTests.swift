import Hummingbird
import LandfallJSON
import Testing
@testable import LandfallServer

/// ``Paging``: the `limit` of the API's lists (a whole number in range, a default when
/// absent), their `cursor`, and a page cut from one item more than the limit.
@Suite struct PagingTests {
    static func query(_ query: String) -> Parameters {
        let path = "/v1/links" + (query.isEmpty ? "" : "?" + query)
        return Request(head: HTTPRequest(method: .get, scheme: nil, authority: nil, path: path), body: RequestBody(buffer: ByteBuffer()))
            .uri.queryParameters
    }

    @Test("a limit inside the range is taken, and storage is asked for one more", arguments: [
        (query: "limit=1", limit: 1),
        (query: "limit=50", limit: 50),
        (query: "limit=100", limit: 100),
        (query: "cursor=abc&limit=7", limit: 7),
        (query: "", limit: 25),
        (query: "format=csv", limit: 25),
    ])
    func limitInRange(query: String, limit: Int) throws {
        let paging = try Paging(Self.query(query), allowed: 1...100, defaultLimit: 25)
        #expect(paging.limit == limit)
        #expect(paging.fetchLimit == limit + 1)
    }

    @Test("a limit outside the range or not a whole number is a 400 naming limit", arguments: [
        (query: "limit=0", shown: "0"),
        (query: "limit=101", shown: "101"),
        (query: "limit=-5", shown: "-5"),
        (query: "limit=abc", shown: "abc"),
        (query: "limit=2.5", shown: "2.5"),
        (query: "limit=", shown: ""),
        (query: "limit=99999999999999999999999", shown: "99999999999999999999999"),
        (query: "limit=" + String(repeating: "9", count: 60), shown: String(repeating: "9", count: 40)),
    ])
    func limitOutOfRange(query: String, shown: String) throws {
        let error = try #require(throws: APIError.self) {
            try Paging(Self.query(query), allowed: 1...100, defaultLimit: 25)
        }
        #expect(error.status == .badRequest)
        #expect(error.code == .invalidBody)
        #expect(error.field == "limit")
        #expect(error.message == "limit must be a whole number from 1 to 100, not '\(shown)'.")
    }

    @Test("a cursor is parsed by the list's own parser; no cursor is the first page")
    func cursorParses() throws {
        let parse: (String) -> Int? = { Int($0) }
        #expect(try Paging.cursor(Self.query("cursor=42&limit=3"), parse) == 42)
        #expect(try Paging.cursor(Self.query("limit=3"), parse) == nil)
    }

    @Test("a cursor the parser refuses is a 400 naming cursor", arguments: ["cursor=abc", "cursor=", "cursor=4%202"])
    func cursorParseFailure(query: String) throws {
        let error = try #require(throws: APIError.self) {
            try Paging.cursor(Self.query(query)) { Int($0) }
        }
        #expect(error.status == .badRequest)
        #expect(error.code == .invalidBody)
        #expect(error.field == "cursor")
        #expect(error.message == "cursor must be the nextCursor of a previous page.")
    }

    @Test("one item more than the limit makes a page of `limit` items whose last is the next cursor")
    func pageWithNextCursor() throws {
        let paging = try Paging(Self.query("limit=3"), allowed: 1...100, defaultLimit: 25)
        let page = paging.page(["a", "b", "c", "d"]) { "cursor-\($0)" }
        #expect(page.items == ["a", "b", "c"])
        #expect(page.nextCursor == JSONValue.string("cursor-c"))
    }

    @Test("the limit or fewer items make the last page, whose next cursor is null", arguments: [
        [String](), ["a"], ["a", "b", "c"],
    ])
    func lastPage(found: [String]) throws {
        let paging = try Paging(Self.query("limit=3"), allowed: 1...100, defaultLimit: 25)
        let page = paging.page(found) { "cursor-\($0)" }
        #expect(page.items == found)
        #expect(page.nextCursor == JSONValue.null)
    }
}
