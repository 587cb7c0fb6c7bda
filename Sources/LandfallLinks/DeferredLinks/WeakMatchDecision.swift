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
/// let decision = WeakMatchDecision(candidates: claims, device: request.hints, addressHashes: [today, yesterday],
///                                  now: now, window: 3600)
/// switch decision.outcome {
/// case .match(let claim, let consumed): // claim.deepLink; mark every token of consumed claimed
/// case .none(let reason):               // reason.rawValue: "no_match" or "ambiguous"
/// }
/// ```
public struct WeakMatchDecision: Sendable, Hashable {
    /// The answer.
    public var outcome: WeakMatchOutcome
    /// The candidates that fit the device, newest first.
    public var fitting: [PendingClaim]

    /// Decides a weak match.
    ///
    /// - Parameters:
    ///   - candidates: Pending claims to choose from (the storage's candidates; each is checked
    ///     again against every rule).
    ///   - device: The app's normalized hints (``ClaimRequest/hints``).
    ///   - addressHashes: The device's client address hashed with each salt still kept.
    ///   - now: The time of the claim.
    ///   - window: How old, in seconds, a claim may be (the site's `deferredLinks.weakMatchWindow`).
    public init(candidates: [PendingClaim], device: DeviceHints, addressHashes: Set<String>, now: Date, window: TimeInterval) {
        let earliest = now.addingTimeInterval(-window)
        fitting = candidates
            .filter { claim in
                claim.claimedAt == nil && now < claim.expiresAt && claim.createdAt >= earliest
                    && claim.hints.platform == device.platform && addressHashes.contains(claim.addressHash)
                    && Self.fits(claim.hints, device)
            }
            .sorted { ($0.createdAt, $0.token.rawValue) > ($1.createdAt, $1.token.rawValue) }
        guard let newest = fitting.first else {
            outcome = .none(.noMatch)
            return
        }
        guard fitting.allSatisfy({ $0.deepLink == newest.deepLink }) else {
            outcome = .none(.ambiguous)
            return
        }
        outcome = .match(newest, consumed: fitting.map(\.token))
    }

    /// Whether hints recorded by a landing page fit a device's: equal OS versions (both known),
    /// equal languages and screens where both are known.
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
