import Foundation
import SwiftASN1
@_spi(FixedExpiryValidationTime) @_spi(DisableValidityCheck) import X509

/// `tls.trusted`: whether the presented chain leads to a trusted authority, judged apart from
/// the host name and from the leaf's dates, and when it does not, where it breaks.
extension CertificateChecks {
    /// `tls.trusted`.
    static func trustCheck(_ presented: [Certificate], trustRoots: CertificateStore, now: Date) async -> DoctorCheck {
        let leaf = presented[0]
        let notes = presentedNotes(presented)
        // Inside the leaf's validity, so that the leaf's own dates (judged by tls.validity)
        // do not make a trusted chain look untrusted.
        let leafTime = min(max(now, leaf.notValidBefore + 1), leaf.notValidAfter - 1)
        if case let .validCertificate(chain) = await validate(leaf, presented: presented, roots: trustRoots, at: leafTime) {
            let certificates = Array(chain)
            var detail = chainSummary(certificates)
            if now > leaf.notValidAfter {
                detail += "; trusted, but the certificate expired (see \"\(validityTitle)\")"
            } else if now < leaf.notValidBefore {
                detail += "; trusted, but the certificate is not valid yet (see \"\(validityTitle)\")"
            }
            return DoctorCheck(id: "tls.trusted", status: .pass, title: trustTitle, detail: detail,
                               notes: chainNotes(certificates, presented: presented))
        }
        if case let .validCertificate(chain) = await validate(leaf, presented: presented, roots: trustRoots, at: nil),
           let stale = chain.dropFirst().first(where: { leafTime < $0.notValidBefore || leafTime > $0.notValidAfter }) {
            let role = stale == chain.last ? "the root" : "the intermediate certificate"
            let when = leafTime > stale.notValidAfter
                ? "expired on \(day(stale.notValidAfter))"
                : "is not valid until \(day(stale.notValidBefore))"
            return DoctorCheck(
                id: "tls.trusted", status: .fail, title: trustTitle,
                detail: "the chain leads to \(chain.last?.subject.description ?? "a trusted authority"), "
                    + "but \(role) \(stale.subject) \(when)",
                notes: chainNotes(Array(chain), presented: presented),
                fix: "configure the server to send the intermediate certificates your certificate authority issues now "
                    + "(its current full chain, such as certbot's fullchain.pem)")
        }
        switch await chainBreak(presented, roots: trustRoots) {
        case .selfSignedLeaf:
            return DoctorCheck(
                id: "tls.trusted", status: .fail, title: trustTitle,
                detail: "the certificate is self-signed: no trusted authority vouches for it, so iOS and Android refuse it",
                notes: notes,
                fix: "install a certificate from a public certificate authority "
                    + "(Let's Encrypt issues them free to an ACME client such as certbot)")
        case let .untrustedRoot(root):
            return DoctorCheck(
                id: "tls.trusted", status: .fail, title: trustTitle,
                detail: "issued by \(leaf.issuer), which leads to \(root.subject), which is not a trusted authority",
                notes: notes,
                fix: "install a certificate from a public certificate authority; a private authority is trusted "
                    + "only on the devices it is installed on, and never by Apple's CDN")
        case let .missingIssuer(certificate, issuerURL?):
            return DoctorCheck(
                id: "tls.trusted", status: .fail, title: trustTitle,
                detail: "the server did not send the intermediate certificate \(certificate.issuer); "
                    + "devices do not fetch missing intermediates",
                notes: notes,
                fix: "configure the server to send the full chain: the certificate followed by "
                    + "\(certificate.issuer) (certbot's fullchain.pem rather than cert.pem; the intermediate is at \(issuerURL))")
        case let .missingIssuer(certificate, nil):
            return DoctorCheck(
                id: "tls.trusted", status: .fail, title: trustTitle,
                detail: "issued by \(certificate.issuer), which is not a trusted authority",
                notes: notes,
                fix: "install a certificate from a public certificate authority; if \(certificate.issuer) is one's "
                    + "intermediate, configure the server to send it after the certificate")
        case .unexplained:
            let reasons = await failureReasons(leaf, presented: presented, roots: trustRoots, at: leafTime)
            return DoctorCheck(
                id: "tls.trusted", status: .fail, title: trustTitle,
                detail: "no chain from the certificate leads to a trusted authority"
                    + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; ")),
                notes: notes,
                fix: "install a certificate from a public certificate authority with its full chain")
        }
    }

    /// Where a chain that does not validate breaks, found by following the presented
    /// certificates from the leaf to their issuers.
    enum ChainBreak {
        /// The leaf signs itself.
        case selfSignedLeaf
        /// The chain ends at a root (a self-signed certificate the server sent) that is not trusted.
        case untrustedRoot(Certificate)
        /// The issuer of this certificate is neither sent nor trusted; the URL is where the
        /// certificate says its issuer's certificate is (authority information access), if it says.
        case missingIssuer(Certificate, issuerURL: String?)
        /// Issuers are all there; the chain fails for another reason (basic constraints, a critical
        /// extension nobody handles).
        case unexplained
    }

    static func chainBreak(_ presented: [Certificate], roots: CertificateStore) async -> ChainBreak {
        var current = presented[0]
        var followed: Set<Certificate> = [current]
        while true {
            if isSelfSigned(current) {
                return current == presented[0] ? .selfSignedLeaf : .untrustedRoot(current)
            }
            if case .validCertificate = await validate(current, presented: [current], roots: roots, at: nil) {
                return .unexplained
            }
            let issuer = presented.first { candidate in
                !followed.contains(candidate) && candidate.subject == current.issuer
                    && candidate.publicKey.isValidSignature(current.signature, for: current)
            }
            guard let issuer else { return .missingIssuer(current, issuerURL: issuerURL(of: current)) }
            followed.insert(issuer)
            current = issuer
        }
    }

    /// Validates `leaf` against `roots` with the other presented certificates as intermediates,
    /// at `time`, or without looking at dates when `time` is `nil`. Host names are not judged here.
    static func validate(_ leaf: Certificate, presented: [Certificate], roots: CertificateStore, at time: Date?) async
        -> CertificateValidationResult {
        let intermediates = CertificateStore(presented.dropFirst())
        if let time {
            var verifier = Verifier(rootCertificates: roots) {
                RFC5280Policy(fixedExpiryValidationTime: time)
                NamesJudgedSeparately()
            }
            return await verifier.validate(leaf: leaf, intermediates: intermediates)
        }
        var verifier = Verifier(rootCertificates: roots) {
            RFC5280Policy.withValidityCheckDisabled()
            NamesJudgedSeparately()
        }
        return await verifier.validate(leaf: leaf, intermediates: intermediates)
    }

    /// The verifier's own reasons, each once.
    static func failureReasons(_ leaf: Certificate, presented: [Certificate], roots: CertificateStore, at time: Date) async -> [String] {
        guard case let .couldNotValidate(failures) = await validate(leaf, presented: presented, roots: roots, at: time) else {
            return []
        }
        var reasons: [String] = []
        for reason in failures.map(\.policyFailureReason.description) where !reasons.contains(reason) {
            reasons.append(reason)
        }
        return reasons
    }

    /// Whether the certificate names itself as issuer and its own key verifies its signature.
    static func isSelfSigned(_ certificate: Certificate) -> Bool {
        certificate.subject == certificate.issuer && certificate.publicKey.isValidSignature(certificate.signature, for: certificate)
    }

    /// The first "CA issuers" URL of the certificate's authority information access.
    static func issuerURL(of certificate: Certificate) -> String? {
        guard let access = try? certificate.extensions.authorityInformationAccess else { return nil }
        for description in access where description.method == .issuingCA {
            if case let .uniformResourceIdentifier(url) = description.location { return url }
        }
        return nil
    }

    /// `issued by CN=Root, a trusted authority` or `issued by CN=Intermediate, which leads to CN=Root, a trusted authority`.
    static func chainSummary(_ chain: [Certificate]) -> String {
        guard let leaf = chain.first, let root = chain.last, chain.count > 1 else {
            return "the certificate is itself a trusted authority"
        }
        if chain.count == 2 { return "issued by \(root.subject), a trusted authority" }
        return "issued by \(leaf.issuer), which leads to \(root.subject), a trusted authority"
    }

    /// One line per certificate of a validated chain, marking the one the server did not send.
    static func chainNotes(_ chain: [Certificate], presented: [Certificate]) -> [String] {
        chain.enumerated().map { index, certificate in
            let role = index == 0 ? "certificate" : index == chain.count - 1 ? "trusted root" : "intermediate"
            let source = index == 0 || presented.contains(certificate) ? "" : ", not sent: from the trust store"
            return "\(index + 1). \(certificate.subject) (\(role)\(source); valid to \(day(certificate.notValidAfter)))"
        }
    }

    /// One line per certificate the server sent, in its order.
    static func presentedNotes(_ presented: [Certificate]) -> [String] {
        ["the server sent:"] + presented.enumerated().map { index, certificate in
            "\(index + 1). \(certificate.subject), issued by \(certificate.issuer) "
                + "(valid \(day(certificate.notValidBefore)) to \(day(certificate.notValidAfter)))"
        }
    }
}

/// A policy that declares the subject alternative name extension handled, so that a leaf
/// marking it critical (as certificates with an empty subject must) is not refused: the names
/// are judged by `tls.host`, not by the trust check.
struct NamesJudgedSeparately: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [.X509ExtensionID.subjectAlternativeName]

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
        .meetsPolicy
    }
}
