import HTTPTypes
import Testing
@testable import LandfallServer

/// ``APITable``: the template a concrete API path stands for (literal segments before
/// parameters) and the methods a template accepts, in the order they were registered.
@Suite struct APITableTests {
    /// A table shaped like the API's links operations, with `/v1/links/{id}` registered before
    /// `/v1/links/bulk` (or after, when `bulkFirst`): the order must not matter.
    static func table(bulkFirst: Bool = false) -> APITable {
        var table = APITable()
        var operations: [APIOperation] = [
            APIOperation(method: .get, path: "/v1/links", scope: .read),
            APIOperation(method: .post, path: "/v1/links", scope: .write),
            APIOperation(method: .get, path: "/v1/links/{id}", scope: .read),
            APIOperation(method: .patch, path: "/v1/links/{id}", scope: .write),
            APIOperation(method: .delete, path: "/v1/links/{id}", scope: .write),
            APIOperation(method: .get, path: "/v1/links/{id}/stats", scope: .read),
            APIOperation(method: .post, path: "/v1/resolve", scope: .public),
        ]
        let bulk = APIOperation(method: .post, path: "/v1/links/bulk", scope: .write)
        if bulkFirst { operations.insert(bulk, at: 0) } else { operations.append(bulk) }
        for operation in operations { table.append(operation) }
        return table
    }

    @Test("a path is matched to its template, a literal segment before a parameter", arguments: [
        (path: "/v1/links", template: "/v1/links" as String?),
        (path: "/v1/links/bulk", template: "/v1/links/bulk"),
        (path: "/v1/links/019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11", template: "/v1/links/{id}"),
        (path: "/v1/links/Bulk", template: "/v1/links/{id}"),
        (path: "/v1/links/bulky", template: "/v1/links/{id}"),
        (path: "/v1/links/a%2Fb", template: "/v1/links/{id}"),
        (path: "/v1/links/abc/stats", template: "/v1/links/{id}/stats"),
        (path: "/v1/links/bulk/stats", template: "/v1/links/{id}/stats"),
        (path: "/v1/resolve", template: "/v1/resolve"),
    ], [false, true])
    func matchesTemplates(example: (path: String, template: String?), bulkFirst: Bool) {
        #expect(Self.table(bulkFirst: bulkFirst).template(matching: example.path) == example.template)
    }

    @Test("a path with other segments, more or fewer, or an empty parameter matches nothing", arguments: [
        "/v1", "/v1/", "/v1/link", "/v1/links/", "/v1/links//stats", "/v1/links/abc/", "/v1/links/abc/stats/",
        "/v1/links/abc/clicks", "/v1/links/a/b/c", "/v2/links", "/links", "/", "", "/v1/resolve/now", "//v1/links",
    ])
    func matchesNothing(path: String) {
        #expect(Self.table().template(matching: path) == nil)
    }

    @Test("the methods of a template are listed in the order they were registered", arguments: [
        (template: "/v1/links", methods: [HTTPRequest.Method.get, .post]),
        (template: "/v1/links/{id}", methods: [.get, .patch, .delete]),
        (template: "/v1/links/bulk", methods: [.post]),
        (template: "/v1/nothing", methods: []),
        (template: "/v1/links/abc", methods: []),
    ])
    func methodsAtATemplate(template: String, methods: [HTTPRequest.Method]) {
        #expect(Self.table().methods(at: template) == methods)
    }

    @Test("an empty table matches nothing")
    func emptyTable() {
        #expect(APITable().template(matching: "/v1/links") == nil)
        #expect(APITable().methods(at: "/v1/links") == [])
    }
}
