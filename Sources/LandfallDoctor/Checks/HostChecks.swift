/// Judges what DNS gave for a host.
public enum HostChecks {
    /// `dns`: the host resolves (or `--resolve` names its address).
    public static func check(for resolution: HostResolution, host: String) -> DoctorCheck {
        let title = "DNS resolves \(host)"
        switch resolution {
        case .addresses(let addresses):
            return DoctorCheck(id: "dns", status: .pass, title: title,
                               detail: "\(host) resolves to " + addresses.joined(separator: ", "))
        case .overridden(let address):
            return DoctorCheck(id: "dns", status: .pass, title: title,
                               detail: "--resolve gives \(address) for \(host); DNS was not asked")
        case .failed(let reason):
            return DoctorCheck(id: "dns", status: .fail, title: title,
                               detail: "\(host) does not resolve: \(reason)",
                               fix: "add an A (or AAAA) record for \(host), or correct the host name in the app's entitlement")
        }
    }
}
