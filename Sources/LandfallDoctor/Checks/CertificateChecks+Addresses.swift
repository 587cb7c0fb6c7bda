import Foundation

extension CertificateChecks {
    /// IPv4 and IPv6 addresses as text and as the bytes a certificate stores them in, for
    /// comparing a host given as an address with a certificate's IP address names.
    enum IPAddressText {
        /// The 4 or 16 bytes of an address written `192.0.2.1`, `2001:db8::1` or `[2001:db8::1]`,
        /// or `nil` when the text is not an address.
        static func bytes(for text: String) -> [UInt8]? {
            var text = Substring(text)
            if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
            if text.contains(":") { return ipv6Bytes(text) }
            return ipv4Bytes(text)
        }

        /// `192.0.2.1` for 4 bytes, `2001:db8:0:0:0:0:0:1` for 16, `nil` otherwise.
        static func text(for bytes: [UInt8]) -> String? {
            switch bytes.count {
            case 4:
                return bytes.map(String.init).joined(separator: ".")
            case 16:
                return stride(from: 0, to: 16, by: 2)
                    .map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
                    .joined(separator: ":")
            default:
                return nil
            }
        }

        private static func ipv4Bytes(_ text: Substring) -> [UInt8]? {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 4 else { return nil }
            let bytes = parts.compactMap { part -> UInt8? in
                guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber) else { return nil }
                return UInt8(part)
            }
            return bytes.count == 4 ? bytes : nil
        }

        private static func ipv6Bytes(_ text: Substring) -> [UInt8]? {
            let halves = text.components(separatedBy: "::")
            guard halves.count <= 2 else { return nil }
            func groups(_ part: String) -> [UInt16]? {
                if part.isEmpty { return [] }
                let values = part.split(separator: ":", omittingEmptySubsequences: false).map { group -> UInt16? in
                    guard (1...4).contains(group.count) else { return nil }
                    return UInt16(group, radix: 16)
                }
                return values.contains(nil) ? nil : values.compactMap { $0 }
            }
            guard let head = groups(halves[0]) else { return nil }
            var all = head
            if halves.count == 2 {
                guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
                all += Array(repeating: 0, count: 8 - head.count - tail.count) + tail
            }
            guard all.count == 8 else { return nil }
            return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        }
    }
}
