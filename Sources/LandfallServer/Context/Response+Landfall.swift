import Hummingbird
import LandfallJSON
import NIOCore

extension Response {
    /// An HTML page.
    static func html(_ status: HTTPResponse.Status, _ html: String, cacheControl: String) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: cacheControl],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A JSON document.
    static func json(_ status: HTTPResponse.Status, _ json: String, cacheControl: String = "no-store") -> Response {
        Response(status: status, headers: [.contentType: "application/json", .cacheControl: cacheControl],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: json + "\n")))
    }

    /// A JSON value, written pretty (the API's answers).
    static func json(_ status: HTTPResponse.Status, _ value: JSONValue, cacheControl: String = "no-store") -> Response {
        json(status, JSONWriter.pretty.string(for: value), cacheControl: cacheControl)
    }

    /// Plain text.
    static func text(_ status: HTTPResponse.Status, _ text: String, contentType: String = "text/plain; charset=utf-8") -> Response {
        Response(status: status, headers: [.contentType: contentType, .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A redirect to `location`.
    static func redirect(_ status: HTTPResponse.Status, to location: String) -> Response {
        Response(status: status, headers: [.location: location, .cacheControl: status == .movedPermanently ? "public, max-age=3600" : "no-store"])
    }

    /// The response with its body dropped (for HEAD), keeping the length of the body it replaces.
    func withoutBody(length: Int?) -> Response {
        var response = self
        response.body = ResponseBody()
        if let length { response.headers[.contentLength] = String(length) }
        return response
    }
}
