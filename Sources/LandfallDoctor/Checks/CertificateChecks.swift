import Foundation
import X509

/// Judges the certificate chain a server presented in its TLS handshake, the way iOS and
/// Android do, as separate checks so a person sees exactly what is wrong: the names it covers,
/// its dates, and whether it chains to a trusted authority.
///
/// ```swift
/// let checks = await CertificateChecks.checks(for: observation, trustRoots: roots, now: .now)
/// // tls.host      ✓ Certificate names the host: the certificate names example.com
/// // tls.validity  ✓ Certificate in date: valid from 2026-01-10 to 2026-04-10
/// // tls.expiry    ⚠ Certificate not about to expire: expires on 2026-04-10, in 12 days
/// // tls.trusted   ✗ Chain trusted: the server did not send the intermediate certificate CN=R11,O=Let's Encrypt,C=US; …
/// ```
///
/// Pure: no I/O; the time is a parameter.
public enum CertificateChecks {
    /// How close to its end a certificate's validity has to be for ``checks(for:trustRoots:now:)``
    /// to warn: 30 days.
    public static let expiryWarningInterval: TimeInterval = 30 * 86400

    /// Judges the chain a server presented for `observation.host`: `tls.host`, `tls.validity`,
    /// `tls.expiry` and `tls.trusted`, in that order.
    ///
    /// Trust is judged apart from the host name and the dates, so an expired certificate on a
    /// trusted chain reads "trusted, but expired", not "untrusted".
    ///
    /// - Parameters:
    ///   - observation: What the handshake showed.
    ///   - trustRoots: The authorities to trust (the system's, or `--ca-file`).
    ///   - now: The time to judge the dates at.
    public static func checks(for observation: TLSObservation, trustRoots: CertificateStore, now: Date) async -> [DoctorCheck] {
        guard let leaf = observation.presentedChain.first else {
            let reason = "the server presented no certificate"
            return [
                DoctorCheck(id: "tls.host", status: .skip, title: hostTitle, detail: reason),
                DoctorCheck(id: "tls.validity", status: .skip, title: validityTitle, detail: reason),
                DoctorCheck(id: "tls.expiry", status: .skip, title: expiryTitle, detail: reason),
                DoctorCheck(id: "tls.trusted", status: .fail, title: trustTitle, detail: reason,
                            fix: "configure the server to present a certificate for \(observation.host)"),
            ]
        }
        return [
            hostCheck(leaf, host: observation.host),
            validityCheck(leaf, now: now),
            expiryCheck(leaf, now: now),
            await trustCheck(observation.presentedChain, trustRoots: trustRoots, now: now),
        ]
    }

    static let hostTitle = "Certificate names the host"
    static let validityTitle = "Certificate in date"
    static let expiryTitle = "Certificate not about to expire"
    static let trustTitle = "Chain trusted"

    // MARK: - Dates

    /// `tls.validity`: now is within the leaf's validity.
    static func validityCheck(_ leaf: Certificate, now: Date) -> DoctorCheck {
        if now < leaf.notValidBefore {
            return DoctorCheck(
                id: "tls.validity", status: .fail, title: validityTitle,
                detail: "the certificate is not valid until \(day(leaf.notValidBefore)) (\(distance(from: now, to: leaf.notValidBefore))); "
                    + "devices refuse it until then",
                fix: "install a certificate that is valid now (if it should be, check the clock of the machine that issued it)")
        }
        if now > leaf.notValidAfter {
            return DoctorCheck(
                id: "tls.validity", status: .fail, title: validityTitle,
                detail: "the certificate expired on \(day(leaf.notValidAfter)) (\(distance(from: now, to: leaf.notValidAfter)))",
                fix: "renew the certificate and install the new one on the server; "
                    + "renew automatically (an ACME client such as certbot renews 30 days ahead)")
        }
        return DoctorCheck(id: "tls.validity", status: .pass, title: validityTitle,
                           detail: "valid from \(day(leaf.notValidBefore)) to \(day(leaf.notValidAfter))")
    }

    /// `tls.expiry`: warns within ``expiryWarningInterval`` of the end; skipped once expired.
    static func expiryCheck(_ leaf: Certificate, now: Date) -> DoctorCheck {
        let end = leaf.notValidAfter
        if now > end {
            return DoctorCheck(id: "tls.expiry", status: .skip, title: expiryTitle,
                               detail: "the certificate has expired already (see \"\(validityTitle)\")")
        }
        let detail = "expires on \(day(end)), \(distance(from: now, to: end))"
        if end.timeIntervalSince(now) <= expiryWarningInterval {
            return DoctorCheck(id: "tls.expiry", status: .warn, title: expiryTitle, detail: detail,
                               fix: "renew the certificate before \(day(end)) and renew automatically from now on "
                                   + "(an ACME client such as certbot renews 30 days ahead)")
        }
        return DoctorCheck(id: "tls.expiry", status: .pass, title: expiryTitle, detail: detail)
    }

    /// A day as `yyyy-MM-dd` in UTC.
    static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
    }

    /// How far `date` is from `now` in whole days: `in 12 days`, `51 days ago`, `in less than a day`.
    static func distance(from now: Date, to date: Date) -> String {
        let seconds = date.timeIntervalSince(now)
        let days = Int((abs(seconds) / 86400).rounded(.down))
        let amount = days == 0 ? "less than a day" : days == 1 ? "1 day" : "\(days) days"
        return seconds >= 0 ? "in \(amount)" : "\(amount) ago"
    }
}
