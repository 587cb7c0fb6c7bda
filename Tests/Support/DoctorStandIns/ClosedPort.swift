#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port where a connection is refused, for as long as this value lives: a socket
/// bound to it that never listens. A port taken from a server that was started and stopped
/// could be handed to another test's server meanwhile (the suites run in parallel), and a
/// full run once saw "connection reset" there instead of "refused".
///
/// ```swift
/// let closed = try ClosedPort()
/// defer { closed.release() }
/// let url = "https://127.0.0.1:\(closed.port)/"
/// ```
public final class ClosedPort: Sendable {
    /// The refused port.
    public let port: Int
    private let descriptor: Int32

    /// Binds a socket to a free loopback port and keeps it there, not listening.
    public init() throws {
        #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw ClosedPortError(step: "socket", errno: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            let error = errno
            close(descriptor)
            throw ClosedPortError(step: "bind", errno: error)
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }

    /// Keeps the port reserved until this call (a `defer` marks where it may go).
    public func release() {
        withExtendedLifetime(self) {}
    }
}

/// A socket call failed while reserving a closed port.
public struct ClosedPortError: Error, CustomStringConvertible {
    public let step: String
    public let errno: Int32
    public var description: String { "reserving a closed port: \(step) failed with errno \(errno)" }
}
