import LandfallSite
import LandfallStorage
import Logging

/// Looks, when the server connects to its database and after each reload, for links that a link
/// host whose slugs ignore case (`caseInsensitiveSlugs: true`) cannot open in every case: links
/// made before the host ignored case keep their capitals, and open only as written (a request
/// is looked up as written, then in lower case). Each such host gets one warning with the count
/// and a few of the slugs, so that the team renames them (`landfall links update`) or knows.
enum LinkHostCaseCheck {
    /// Logs a warning for each case-insensitive link host of `hosts` that has slugs with capitals;
    /// a database that cannot answer is logged at debug level (the check is advice).
    static func warn(hosts: SiteHosts, storage: Storage, logger: Logger) async {
        for host in hosts.linkHosts where host.caseInsensitiveSlugs {
            do {
                let found = try await storage.slugsWithCapitals(host: host.name)
                guard found.count > 0 else { continue }
                logger.warning("links on a host whose slugs ignore case have capitals: they open only as written", metadata: [
                    "host": "\(host.name)", "links": "\(found.count)", "slugs": "\(found.examples.joined(separator: ", "))",
                ])
            } catch {
                logger.debug("slugs with capitals not looked for", metadata: ["host": "\(host.name)", "error": "\(error)"])
            }
        }
    }
}
