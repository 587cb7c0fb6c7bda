import Foundation
import Testing
@testable import LandfallServer

/// Issue 15, finding 8: HTTP/1.0 connections stayed open after the answer, and the `Host`
/// header won over an absolute-form request target. Over raw sockets to a real listener whose
/// idle timeout is a minute, so a connection that closes was closed for its request's sake.
@Suite struct HTTP1SemanticsTests {
    static let bound = Duration.seconds(5)

    static func withServer(_ test: @escaping @Sendable (Int) async throws -> Void) async throws {
        try await TestServer.listening(with: ConnectionLimits(idleTimeout: .seconds(60)), test)
    }

    @Test("an HTTP/1.0 request without keep-alive is answered in HTTP/1.0 with Connection: close, and the connection closes")
    func http10Closes() async throws {
        try await Self.withServer { port in
            let connection = try RawConnection(port: port)
            connection.send("GET /health HTTP/1.0\r\nHost: localhost\r\n\r\n")
            let (text, closed) = await connection.read(for: Self.bound)
            #expect(text.hasPrefix("HTTP/1.0 200 OK\r\n"), "\(text)")
            #expect(text.lowercased().contains("\r\nconnection: close\r\n"), "\(text)")
            #expect(closed)
        }
    }

    @Test("an HTTP/1.0 request with Connection: keep-alive is told so and can send another")
    func http10KeepAlive() async throws {
        try await Self.withServer { port in
            let connection = try RawConnection(port: port)
            for attempt in 1...2 {
                connection.send("GET /health HTTP/1.0\r\nHost: localhost\r\nConnection: Keep-Alive\r\n\r\n")
                let text = await connection.readResponse()
                #expect(text.hasPrefix("HTTP/1.0 200 OK\r\n"), "request \(attempt): \(text)")
                #expect(text.lowercased().contains("\r\nconnection: keep-alive\r\n"), "request \(attempt): \(text)")
            }
            let (_, closed) = await connection.read(for: .milliseconds(500))
            #expect(!closed)
        }
    }

    @Test("Connection: close in any case, among other options, closes the connection after the answer", arguments: [
        "close", "Close", "CLOSE", "te, close", "Upgrade,close",
    ])
    func connectionCloseIsHonoured(value: String) async throws {
        try await Self.withServer { port in
            let connection = try RawConnection(port: port)
            connection.send("GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: \(value)\r\n\r\n")
            let (text, closed) = await connection.read(for: Self.bound)
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(text)")
            #expect(text.lowercased().contains("\r\nconnection: close\r\n"), "\(text)")
            #expect(closed)
        }
    }

    @Test("an HTTP/1.1 request keeps its connection open")
    func http11StaysOpen() async throws {
        try await Self.withServer { port in
            let connection = try RawConnection(port: port)
            connection.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(await connection.readResponse().hasPrefix("HTTP/1.1 200 OK\r\n"))
            let (_, closed) = await connection.read(for: .milliseconds(500))
            #expect(!closed)
        }
    }

    @Test("an absolute-form target's host wins over the Host header (RFC 9112 §3.2.2)", arguments: [
        (target: "http://localhost/", host: "unknown.example", status: "200"),
        (target: "HTTP://LOCALHOST/", host: "unknown.example", status: "200"),
        (target: "http://unknown.example/", host: "localhost", status: "404"),
        (target: "http://user@localhost/", host: "localhost", status: "400"),
        (target: "http:///", host: "localhost", status: "400"),
    ])
    func absoluteFormTargetNamesTheHost(target: String, host: String, status: String) async throws {
        try await Self.withServer { port in
            let connection = try RawConnection(port: port)
            connection.send("GET \(target) HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            let text = await connection.readResponse()
            #expect(text.hasPrefix("HTTP/1.1 \(status) "), "\(target) with Host: \(host): \(text.prefix(200))")
        }
    }
}
