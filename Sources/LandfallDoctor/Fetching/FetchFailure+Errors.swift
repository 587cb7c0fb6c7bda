import AsyncHTTPClient
import NIOCore
import NIOPosix
import NIOSSL

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension FetchFailure {
    /// The failure an error of AsyncHTTPClient, NIO or NIOSSL stands for, for a request to
    /// `url` on `host`:`port`.
    ///
    /// AsyncHTTPClient bounds connecting and the TLS handshake together by the connect timeout:
    /// a handshake that hangs during a fetch usually comes back as its connect timeout, and
    /// when it comes back as a handshake timeout, that carries the connect timeout's seconds.
    static func fetching(
        _ error: any Error,
        url: String,
        host: String,
        port: Int,
        settings: DoctorNetworkSettings
    ) -> FetchFailure {
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout, .deadlineExceeded:
                return .responseTimeout(url: url, seconds: settings.responseTimeout)
            case .tlsHandshakeTimeout:
                return .handshakeTimeout(host: host, port: port, seconds: settings.connectTimeout)
            case .remoteConnectionClosed:
                return .connectionClosed(url: url)
            case .invalidURL, .emptyHost, .emptyScheme:
                return .other(url: url, reason: "not a URL the doctor can request (it needs https:// or http:// and a host)")
            default:
                break
            }
        }
        return connecting(error, host: host, port: port, settings: settings)
            ?? handshaking(error, host: host, port: port)
            ?? .other(url: url, reason: String(describing: error))
    }

    /// The failure for an error that happened while connecting (DNS, refused, timed out), or
    /// `nil` when `error` is not one.
    static func connecting(_ error: any Error, host: String, port: Int, settings: DoctorNetworkSettings) -> FetchFailure? {
        if let error = error as? HTTPClientError, error == .connectTimeout {
            return .connectTimeout(host: host, port: port, seconds: settings.connectTimeout)
        }
        switch error {
        case ChannelError.connectTimeout:
            return .connectTimeout(host: host, port: port, seconds: settings.connectTimeout)
        case let error as SocketAddressError.UnknownHost:
            return .nameNotResolved(host: host, reason: error.errorDescription)
        case let error as NIOConnectionError:
            if let first = error.connectionErrors.first {
                return connecting(first.error, host: host, port: port, settings: settings)
                    ?? .other(url: "\(host):\(port)", reason: String(describing: first.error))
            }
            if let dnsError = error.dnsAError ?? error.dnsAAAAError {
                return connecting(dnsError, host: host, port: port, settings: settings)
                    ?? .nameNotResolved(host: host, reason: String(describing: dnsError))
            }
            return .nameNotResolved(host: host, reason: "DNS has no IPv4 or IPv6 address for it")
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            return .connectionRefused(host: host, port: port)
        default:
            return nil
        }
    }

    /// The failure for an error of the TLS handshake, or `nil` when `error` is not one.
    static func handshaking(_ error: any Error, host: String, port: Int) -> FetchFailure? {
        switch error {
        case NIOSSLError.uncleanShutdown, is HandshakeWatcher.ClosedDuringHandshake:
            return .tlsHandshake(host: host, port: port, reason: "the server closed the connection during the handshake")
        case NIOSSLError.handshakeFailed(let failure):
            return .tlsHandshake(host: host, port: port, reason: handshakeReason(failure))
        case let error as NIOSSLError:
            return .tlsHandshake(host: host, port: port, reason: String(describing: error))
        case let error as BoringSSLError:
            return .tlsHandshake(host: host, port: port, reason: handshakeReason(error))
        default:
            return nil
        }
    }

    /// A sentence for a BoringSSL handshake error: a plain explanation for the common ones,
    /// else BoringSSL's reason in words (`TLSV1_ALERT_DECODE_ERROR` → "tlsv1 alert decode error").
    static func handshakeReason(_ error: BoringSSLError) -> String {
        let stack: [BoringSSLInternalError]
        switch error {
        case .sslError(let errors), .unknownError(let errors), .invalidSNIName(let errors), .failedToSetALPN(let errors):
            stack = errors
        default:
            return String(describing: error)
        }
        if stack.contains(.eofDuringHandshake) {
            return "the server closed the connection during the handshake"
        }
        guard let code = stack.lazy.compactMap({ reasonCode(in: $0.description) }).first else {
            return stack.map(\.description).joined(separator: "; ")
        }
        return knownReasons[code] ?? code.lowercased().replacingOccurrences(of: "_", with: " ")
    }

    /// The reason code of a BoringSSL error description,
    /// `Error: 268435703 error:100000f7:SSL routines:OPENSSL_internal:WRONG_VERSION_NUMBER at …`.
    private static func reasonCode(in description: String) -> String? {
        guard let marker = description.range(of: "OPENSSL_internal:") else { return nil }
        let code = description[marker.upperBound...].prefix { $0.isUppercase || $0.isNumber || $0 == "_" }
        return code.isEmpty ? nil : String(code)
    }

    private static let knownReasons: [String: String] = [
        "WRONG_VERSION_NUMBER":
            "the server does not speak TLS on this port (its answer is not a TLS record; is it plain HTTP?)",
        "TLSV1_ALERT_PROTOCOL_VERSION":
            "the server supports no TLS version the doctor offers (TLS 1.2 and 1.3); phones need TLS 1.2 or later",
        "UNSUPPORTED_PROTOCOL":
            "the server chose a TLS version older than 1.2; phones need TLS 1.2 or later",
        "SSLV3_ALERT_HANDSHAKE_FAILURE":
            "the server refused the handshake (no cipher suite in common, or no certificate for this name)",
        "NO_SHARED_CIPHER":
            "the server and the doctor have no cipher suite in common",
        "TLSV1_ALERT_UNRECOGNIZED_NAME":
            "the server has no certificate for this name (TLS alert unrecognized_name)",
        "TLSV1_ALERT_INTERNAL_ERROR":
            "the server reported an internal error during the handshake",
    ]
}
