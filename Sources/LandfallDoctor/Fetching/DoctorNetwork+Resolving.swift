import NIOCore
import NIOPosix

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension DoctorNetwork {
    /// The addresses of `host`: the `--resolve` address when one names the host (DNS is not
    /// asked), else what the system resolver (`getaddrinfo`) returns, IPv4 and IPv6, in its
    /// order, each address once.
    ///
    /// The lookup blocks a thread of NIO's thread pool, never one of Swift's cooperative pool.
    public func resolve(_ host: String) async -> HostResolution {
        if let address = overrideAddress(for: host) {
            return .overridden(address)
        }
        return await Self.systemLookUp(host)
    }

    /// What the system resolver (`getaddrinfo`) returns for `host`, IPv4 and IPv6, in its
    /// order, each address once (also what the link server's webhooks check before connecting).
    ///
    /// The lookup blocks a thread of NIO's thread pool, never one of Swift's cooperative pool.
    public static func systemLookUp(_ host: String) async -> HostResolution {
        do {
            return try await NIOThreadPool.singleton.runIfActive { lookUp(host) }
        } catch {
            return .failed(reason: "the resolver could not run: \(error)")
        }
    }

    /// `getaddrinfo` for stream sockets of any family.
    private static func lookUp(_ host: String) -> HostResolution {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0 else {
            return .failed(reason: reason(for: status))
        }
        defer { freeaddrinfo(list) }

        var addresses: [String] = []
        var cursor = list
        while let entry = cursor?.pointee {
            if let address = text(of: entry, host: host), !addresses.contains(address) {
                addresses.append(address)
            }
            cursor = entry.ai_next
        }
        return addresses.isEmpty ? .failed(reason: "DNS has no IPv4 or IPv6 address for it") : .addresses(addresses)
    }

    /// The address of one `getaddrinfo` entry as text (`192.0.2.1`, `2001:db8::1`).
    private static func text(of entry: addrinfo, host: String) -> String? {
        guard let address = entry.ai_addr else { return nil }
        switch entry.ai_family {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                SocketAddress($0.pointee, host: host).ipAddress
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                SocketAddress($0.pointee, host: host).ipAddress
            }
        default:
            return nil
        }
    }

    /// The resolver's message for a `getaddrinfo` status, with `errno`'s for system errors.
    private static func reason(for status: Int32) -> String {
        let message = String(cString: gai_strerror(status))
        if status == EAI_SYSTEM {
            return message + ": " + String(cString: strerror(errno))
        }
        return message
    }
}
