import AppSiteAssociation
import DeepLinkRouting

/// What checking one ``LinkContractCase`` found: what held, and what happened instead of what
/// the case states, in the words of the existing match explanations.
struct LinkContractVerdict {
    /// The case.
    var contractCase: LinkContractCase
    /// What the case states and held (`opens ABCDE12345.com.example.app`, `route puzzle`).
    var held: [String]
    /// What the case states and did not hold, each with what happened instead and why.
    var failures: [String]

    /// Whether everything the case states held.
    var passed: Bool { failures.isEmpty }

    /// Checks `contractCase` against `associations` (the file that decides for a URL's host)
    /// and `router`; both are non-nil whenever the case asks for them (the reader sees to it),
    /// except for a live host with no usable file, which `unavailable` explains. `apps` holds
    /// the Android matcher and the entitlements; `labelled` prefixes what each platform found
    /// with its name (`ios: opens ...`), for contracts that check both.
    init(checking contractCase: LinkContractCase, associations: (LinkURL) -> AssociationMatcher?,
         unavailable: (LinkURL) -> String? = { _ in nil }, router: Router?,
         apps: LinkContractApps = LinkContractApps(), labelled: Bool = false) {
        self.contractCase = contractCase
        held = []
        failures = []
        let before = (held.count, failures.count)
        if let opening = contractCase.opening {
            if let matcher = associations(contractCase.url) {
                checkOpening(opening, matcher: matcher)
            } else if let reason = unavailable(contractCase.url) {
                checkOpening(opening, withoutFile: reason)
            }
            if let entitlements = apps.entitlements, case .opens = opening, failures.count == before.1 {
                checkClaim(entitlements)
            }
        }
        if labelled { label(from: before, "ios") }
        let afterIOS = (held.count, failures.count)
        if let expected = contractCase.opensOnAndroid, let android = apps.android {
            checkAndroid(expected, decision: android(contractCase.url, contractCase.androidPackage),
                         package: contractCase.androidPackage ?? apps.package)
        }
        if labelled { label(from: afterIOS, "android") }
        if let route = contractCase.route, let router {
            checkRoute(route, router: router)
        }
    }

    /// Prefixes what was added since `start` with `platform: `.
    private mutating func label(from start: (Int, Int), _ platform: String) {
        for index in start.0..<held.count { held[index] = platform + ": " + held[index] }
        for index in start.1..<failures.count { failures[index] = platform + ": " + failures[index] }
    }

    /// A URL the association file opens still needs the app to claim its host.
    private mutating func checkClaim(_ entitlements: EntitlementsFile) {
        let host = contractCase.url.host.lowercased()
        let claimed = entitlements.appLinks.contains { entry in
            entry.isWildcard ? host.hasSuffix("." + entry.host) : entry.host == host
        }
        if !claimed {
            if !held.isEmpty { held.removeLast() }
            failures.append("the association file opens it, but the entitlements claim no applinks: entry for \(host), "
                            + "so iOS never asks (add applinks:\(host))")
        }
    }

    private mutating func checkAndroid(_ expected: Bool, decision: AndroidIntentDecision, package: String?) {
        let app = package ?? "the app"
        if decision.opens == expected {
            if expected, let activity = contractCase.activity, decision.activity != activity {
                failures.append("expected it to open \(activity), but it opens \(decision.activity ?? "?")"
                                + (decision.filterLine.map { " (filter at line \($0))" } ?? ""))
                return
            }
            held.append(expected
                ? "opens \(app)" + (decision.activity.map { " (\($0)" + (decision.filterLine.map { ", filter at line \($0)" } ?? "") + ")" } ?? "")
                : "does not open \(app) (\(decision.reason.rawValue))")
        } else {
            failures.append("expected it \(expected ? "to open" : "not to open") \(app), but " + decision.summary)
        }
    }

    private mutating func checkOpening(_ opening: LinkContractCase.Opening, matcher: AssociationMatcher) {
        let (appID, expected) = switch opening {
        case .opens(let appID): (appID, true)
        case .doesNotOpen(let appID): (appID, false)
        }
        let explanation = matcher.explanation(for: contractCase.url, appID: appID)
        let stated = expected ? "opens \(appID)" : "does not open \(appID)"
        if explanation.decision.opensApp == expected {
            held.append(stated)
        } else {
            var failure = "expected it \(expected ? "to open" : "not to open") \(appID), but " + explanation.summary
            if explanation.decision.noMatchReason == .appNotListed,
               let near = matcher.appIDs.first(where: { $0.lowercased() == appID.lowercased() }) {
                failure += " (the file lists \(near); app IDs compare exactly, case included)"
            }
            failures.append(failure)
        }
    }

    /// A host that serves no usable file opens no app: `opens: false` holds, `opens: true` fails.
    private mutating func checkOpening(_ opening: LinkContractCase.Opening, withoutFile reason: String) {
        switch opening {
        case .opens(let appID):
            failures.append("expected it to open \(appID), but the host has no usable association file: \(reason)")
        case .doesNotOpen(let appID):
            held.append("does not open \(appID) (the host has no usable association file: \(reason))")
        }
    }

    private mutating func checkRoute(_ expected: String, router: Router) {
        let decision = router.route(contractCase.url.text)
        guard case .matched(let match) = decision else {
            let instead = switch decision {
            case .fallback(let link): "fallback: no route matches \(link.path); the app's fallback decides"
            case .rejected(let reason): "rejected: \(reason)"
            case .matched: ""
            }
            failures.append("expected route \(expected), but \(instead)")
            return
        }
        guard match.route.name == expected else {
            failures.append("expected route \(expected), but matched \(match.route.name) (\(match.route.pattern))")
            return
        }
        var parametersHeld = true
        for (name, values) in contractCase.parameters {
            let actual = match.parameters.values(name)
            guard actual != values else { continue }
            parametersHeld = false
            failures.append(actual.isEmpty
                ? "expected parameter \(name) = \(Self.show(values)), but route \(expected) has no \(name)"
                : "expected parameter \(name) = \(Self.show(values)), but it is \(Self.show(actual))")
        }
        if parametersHeld {
            let parameters = contractCase.parameters.map { "\($0.name) = \(Self.show($0.values))" }
            held.append("route \(expected)" + (parameters.isEmpty ? "" : " (" + parameters.joined(separator: ", ") + ")"))
        }
    }

    private static func show(_ values: [String]) -> String {
        values.count == 1 ? values[0] : "[" + values.joined(separator: ", ") + "]"
    }
}
