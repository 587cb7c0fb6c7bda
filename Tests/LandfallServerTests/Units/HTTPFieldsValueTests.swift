import HTTPTypes
import Testing
@testable import LandfallServer

/// `HTTPFields.value(of:)`: a field's value as the fields' own subscript gives it, without
/// joining when there is one.
@Suite struct HTTPFieldsValueTests {
    static let userAgent = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/17.1 Safari/605.1.15"

    @Test("gives what the subscript gives: nothing, one value, several joined", arguments: [
        [],
        [HTTPField(name: .accept, value: "text/html")],
        [HTTPField(name: .userAgent, value: userAgent)],
        [HTTPField(name: .accept, value: "text/html"), HTTPField(name: .userAgent, value: userAgent),
         HTTPField(name: .accept, value: "*/*")],
        [HTTPField(name: .userAgent, value: "first"), HTTPField(name: .accept, value: "*/*"), HTTPField(name: .userAgent, value: "second")],
        [HTTPField(name: HTTPField.Name("user-agent")!, value: "lower case")],
    ])
    func sameAsSubscript(fields: [HTTPField]) {
        let headers = HTTPFields(fields)
        #expect(headers.value(of: .userAgent) == headers[.userAgent])
    }

    @Test("joins several fields as the subscript does, cookies with a semicolon")
    func joinsSeveral() {
        let headers = HTTPFields([HTTPField(name: .userAgent, value: "first"), HTTPField(name: .userAgent, value: "second"),
                                  HTTPField(name: .cookie, value: "a=1"), HTTPField(name: .cookie, value: "b=2")])
        #expect(headers.value(of: .userAgent) == "first, second")
        #expect(headers.value(of: .cookie) == "a=1; b=2")
    }
}
