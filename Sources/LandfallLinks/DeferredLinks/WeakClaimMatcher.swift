import Foundation

/// Which pending claim, if any, an app's first launch gets without a token: the pure rule of a
/// weak match.
///
/// The rules, in order:
/// 1. A candidate is a claim that is unclaimed, unexpired (`now < expiresAt`), on the device's
///    platform, with an address hash among the device's (today's and yesterday's salt), and
///    created within `window` before `now`.
/// 2. A candidate fits the device when their OS versions are equal (both must be known: a claim
///    or a device without one never fits), and their languages and screens are equal where
///    both are known.
/// 3. When every fitting claim has the same ``PendingClaim/deepLink``, the newest one matches
///    (ties: the greatest token) and all the fitting ones are consumed, so that the same page
///    shown twice is not claimed again by the next install. Fitting claims with different deep
///    links are ``WeakMatchOutcome/Reason/ambiguous``: no guess is better than a wrong link.
///    No fitting claim is ``WeakMatchOutcome/Reason/noMatch``.
///
/// ```swift
/// let outcome = WeakClaimMatcher.match(candidates, hints: request.hints, addressHashes: [today, yesterday],
///                                      now: now, window: 3600)
/// switch outcome {
/// case .match(let claim, let consumed): // claim.deepLink; mark every token of consumed claimed
/// case .none(let reason):               // reason.rawValue: "no_match" or "ambiguous"
/// }
/// ```
public enum WeakClaimMatcher {
    /// Decides a weak match.
    ///
    /// - Parameters:
    ///   - candidates: Pending claims to choose from (the storage's candidates; each is checked
    ///     again against every rule).
    ///   - hints: The app's normalized device hints (``ClaimRequest/hints``).
    ///   - addressHashes: The device's client address hashed with each salt still kept.
    ///   - now: The time of the claim.
    ///   - window: How old, in seconds, a claim may be (the site's `deferredLinks.weakMatchWindow`).
    public static func match(_ candidates: [PendingClaim], hints: DeviceHints, addressHashes: Set<String>, now: Date,
                             window: TimeInterval) -> WeakMatchOutcome {
        let fitting = self.fitting(candidates, hints: hints, addressHashes: addressHashes, now: now, window: window)
        guard let newest = fitting.first else { return .none(.noMatch) }
        guard fitting.allSatisfy({ $0.deepLink == newest.deepLink }) else { return .none(.ambiguous) }
        return .match(newest, consumed: fitting.map(\.token))
    }

    /// The candidates that fit (rules 1 and 2), newest first (ties: the greatest token first).
    public static func fitting(_ candidates: [PendingClaim], hints: DeviceHints, addressHashes: Set<String>, now: Date,
                               window: TimeInterval) -> [PendingClaim] {
        let earliest = now.addingTimeInterval(-window)
        return candidates
            .filter { claim in
                claim.claimedAt == nil && now < claim.expiresAt && claim.createdAt >= earliest
                    && addressHashes.contains(claim.addressHash) && fits(claim.hints, hints)
            }
            .sorted { ($0.createdAt, $0.token.rawValue) > ($1.createdAt, $1.token.rawValue) }
    }

    /// Whether hints recorded by a landing page fit a device's: the same platform, equal OS
    /// versions (both known), equal languages and screens where both are known.
    public static func fits(_ claim: DeviceHints, _ device: DeviceHints) -> Bool {
        guard claim.platform == device.platform, let version = claim.osVersion, version == device.osVersion else { return false }
        if let language = claim.language, let other = device.language, language != other { return false }
        if let screen = claim.screen, let other = device.screen, screen != other { return false }
        return true
    }
}

/// What a weak match gives: one claim, or nothing and why.
public enum WeakMatchOutcome: Sendable, Hashable {
    /// `claim` is the device's link; every token of `consumed` (the claim's included) is to be
    /// marked claimed.
    case match(PendingClaim, consumed: [ClaimToken])
    /// No claim is given.
    case none(Reason)

    /// Why a weak match gave nothing, named as in the API's `reason`.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// No pending claim fits the device.
        case noMatch = "no_match"
        /// Claims for different links fit the device; none is given rather than a wrong one.
        case ambiguous
    }
}
