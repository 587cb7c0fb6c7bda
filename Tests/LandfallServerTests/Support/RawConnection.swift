#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
@testable import LandfallServer

/// A TCP connection to a test server that sends exactly the bytes a test writes and reports
/// exactly what comes back, including whether the server closed: for what an HTTP client
/// library hides (a header sent a byte at a time, an idle socket, HTTP/1.0, absolute-form
/// targets, many connections from one address).
final class RawConnection: @unchecked Sendable {
    struct SocketError: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32

    /// Connects to `127.0.0.1:port`, from the loopback address `source` when given (any
    /// 127.x.y.z works on Linux, so a test can be several clients).
    init(port: Int, from source: String? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError(description: "socket: errno \(errno)") }
        if let source {
            var local = Self.address(source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { Glibc.close(descriptor); throw SocketError(description: "bind \(source): errno \(errno)") }
        }
        var remote = Self.address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { Glibc.close(descriptor); throw SocketError(description: "connect: errno \(errno)") }
        var slice = timeval(tv_sec: 0, tv_usec: 50_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &slice, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        Glibc.close(descriptor)
    }

    private static func address(_ text: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, text, &address.sin_addr)
        return address
    }

    /// Sends `text`; `false` when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// What the server sent within `limit`, and whether it closed the connection by then
    /// (reading stops as soon as it does). Waits on a thread of its own, not the cooperative
    /// pool the server's handlers need.
    func read(for limit: Duration) async -> (text: String, closed: Bool) {
        await Self.onOwnThread { self.blockingRead(for: limit) }
    }

    /// Reads one response whose body has a `Content-Length` (or none), waiting at most `limit`.
    func readResponse(within limit: Duration = .seconds(30)) async -> String {
        await Self.onOwnThread { self.blockingReadResponse(within: limit) }
    }

    private static func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    private func blockingRead(for limit: Duration) -> (text: String, closed: Bool) {
        let deadline = ContinuousClock.now + limit
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                return (String(decoding: received, as: UTF8.self), true)
            }
        }
        return (String(decoding: received, as: UTF8.self), false)
    }

    private func blockingReadResponse(within limit: Duration) -> String {
        let deadline = ContinuousClock.now + limit
        var text = ""
        while ContinuousClock.now < deadline {
            let (more, closed) = blockingRead(for: .milliseconds(100))
            text += more
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text[..<end.upperBound].utf8.count >= length { return text }
            }
            if closed { return text }
        }
        return text
    }
}

extension TestServer {
    /// Runs `test` with the port of a live server (the demo) whose connections have `limits`,
    /// for tests that speak to it over ``RawConnection``s.
    static func listening(with limits: ConnectionLimits, configure: (inout ServerConfiguration) -> Void = { _ in },
                          _ test: @escaping @Sendable (Int) async throws -> Void) async throws {
        let server = try await TestServer { configuration in
            configuration.connectionLimits = limits
            configure(&configuration)
        }
        try await server.run(.live) { client in
            guard let port = client.port else { throw ServerClient.NoPortError() }
            try await test(port)
        }
    }
}
