import ArgumentParser
import Foundation
import LandfallDoctor

/// The network options `landfall doctor` and `landfall test --live` share: timeouts, extra
/// certificate authorities and address overrides.
struct DoctorNetworkOptions: ParsableArguments {
    @Option(name: .customLong("connect-timeout"), help: ArgumentHelp(
        "Seconds to wait for a connection before giving up.", valueName: "seconds"))
    var connectTimeout: Double = DoctorNetworkSettings().connectTimeout

    @Option(name: .customLong("timeout"), help: ArgumentHelp(
        "Seconds to wait for a TLS handshake, and for each whole response, before reporting that the server hangs.",
        valueName: "seconds"))
    var responseTimeout: Double = DoctorNetworkSettings().responseTimeout

    @Option(name: .customLong("ca-file"), help: ArgumentHelp(
        "Also trust the certificate authorities in this PEM file (a staging or company CA). Repeatable.", valueName: "file"))
    var caFiles: [String] = []

    @Option(name: .customLong("resolve"), help: ArgumentHelp(
        "Connect to ADDRESS for HOST instead of asking DNS, keeping the host name for TLS and HTTP "
            + "(check a new server before moving DNS). Repeatable.", valueName: "host:address"))
    var resolve: [String] = []

    /// Whether any option differs from its default (for commands where they apply only with
    /// another flag).
    var touched: Bool {
        let defaults = DoctorNetworkSettings()
        return connectTimeout != defaults.connectTimeout || responseTimeout != defaults.responseTimeout
            || !caFiles.isEmpty || !resolve.isEmpty
    }

    /// The longest timeout accepted, in seconds.
    static let maximumTimeout = 600.0

    func validate() throws {
        for (name, value) in [("--connect-timeout", connectTimeout), ("--timeout", responseTimeout)] {
            guard value > 0, value <= Self.maximumTimeout, value.isFinite else {
                let given = value.isFinite && value == value.rounded() ? String(Int(value)) : String(value)
                throw ValidationError("\(name) must be more than 0 and at most \(Int(Self.maximumTimeout)) seconds, not \(given)")
            }
        }
        for entry in resolve { _ = try Self.override(entry) }
    }

    /// The settings these options give; reads the `--ca-file`s.
    ///
    /// - Throws: ``InputError`` or a message naming the file and what is wrong with it.
    func settings(in context: CommandContext) throws -> DoctorNetworkSettings {
        var settings = DoctorNetworkSettings()
        settings.connectTimeout = connectTimeout
        settings.responseTimeout = responseTimeout
        for entry in resolve {
            let (host, address) = try Self.override(entry)
            settings.addressOverrides[host] = address
        }
        for path in caFiles {
            let input = try InputFile.read(path, in: context)
            do {
                settings.extraTrustRoots += try TrustRootFile.certificates(fromPEM: String(decoding: input.bytes, as: UTF8.self))
            } catch {
                throw ValidationError("--ca-file \(input.displayName): \(error.message)")
            }
        }
        return settings
    }

    /// `host:address` read: the host in lower case and an IPv4 or IPv6 literal (brackets allowed).
    static func override(_ entry: String) throws -> (host: String, address: String) {
        guard let colon = entry.firstIndex(of: ":") else {
            throw ValidationError("--resolve \(entry): write host:address, such as example.com:203.0.113.7")
        }
        let host = entry[..<colon].lowercased()
        var address = String(entry[entry.index(after: colon)...])
        if address.hasPrefix("["), address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw ValidationError("--resolve \(entry): the host is empty") }
        guard isIPAddress(address) else {
            throw ValidationError("--resolve \(entry): '\(address)' is not an IPv4 or IPv6 address "
                                  + "(write host:address; curl's host:port:address form is not accepted)")
        }
        return (host, address)
    }

    private static func isIPAddress(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }
}
