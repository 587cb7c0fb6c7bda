import AppSiteAssociation
import DeepLinkRouting

extension Site {
    /// A code the invitation check makes a link for (any code of the right shape would do).
    static let sampleInvitationCode = "7KQ2M-X4P9T-HCW3R"

    /// The problems of the `invitations:` section: its route must exist, have the parameter in
    /// its pattern (as a string), open the app, and make a link that routes back to it.
    func invitationProblems() -> [SiteProblem] {
        guard let invitations = configuration.invitations else { return [] }
        let routes = configuration.routes
        guard let route = routes.first(where: { $0.name == invitations.route }) else {
            let names = routes.map(\.name)
            let hint = NameSuggestion.closest(to: invitations.route, among: names).map { "; did you mean '\($0)'?" } ?? ""
            return [SiteProblem(.error, place: .invitations("route"),
                                message: "no route is named '\(invitations.route)' (routes: \(names.joined(separator: ", ")))\(hint)")]
        }
        var problems: [SiteProblem] = []
        if !route.opensApp {
            problems.append(SiteProblem(.error, place: .invitations("route"),
                                        message: "the route '\(route.name)' stays on the web (opensApp: false); an invitation link must open the app with its code when the app is installed"))
        }
        let pattern = route.definition.pattern
        let parameters = (try? RoutePattern(pattern))?.parameterNames ?? []
        let parameterPlace = SiteProblem.Place.invitations(invitations.parameter == InvitationSettings.defaultParameter ? "route" : "parameter")
        if !parameters.contains(invitations.parameter) {
            let fix = parameters.count == 1
                ? "write `parameter: \(parameters[0])`, or name the pattern's parameter :\(invitations.parameter)"
                : "add :\(invitations.parameter) to the pattern, such as /invites/:\(invitations.parameter)"
            problems.append(SiteProblem(.error, place: parameterPlace,
                                        message: "'\(invitations.parameter)' is not a parameter of the route '\(route.name)' ('\(pattern)', its parameters: \(parameters.isEmpty ? "none" : parameters.joined(separator: ", "))); \(fix)"))
        } else if let type = route.definition.parameters[invitations.parameter], type != "string" {
            problems.append(SiteProblem(.error, place: parameterPlace,
                                        message: "the parameter '\(invitations.parameter)' of the route '\(route.name)' has the type \(type); an invitation code (\(Self.sampleInvitationCode)) needs a string: remove it from the route's `parameters`"))
        }
        guard problems.isEmpty else { return problems }
        do {
            _ = try configuration.invitationLink(code: Self.sampleInvitationCode, router: router)
        } catch {
            problems.append(SiteProblem(.error, place: .invitations("route"),
                                        message: "the route '\(route.name)' cannot make invitation links: \(error.message)"))
        }
        return problems
    }

    /// The problems of the `deferredLinks:` section: durations outside their ranges (which the
    /// reader already refuses; this catches a configuration made in code).
    func deferredLinkProblems() -> [SiteProblem] {
        configuration.deferredLinks.problems.map { SiteProblem(.error, place: .deferredLinks($0.key), message: $0.message) }
    }

    /// The problems of the `webhooks:` section: durations outside their ranges (which the
    /// reader already refuses; this catches a configuration made in code).
    func webhookProblems() -> [SiteProblem] {
        configuration.webhooks.problems.map { SiteProblem(.error, place: .webhooks($0.key), message: $0.message) }
    }

    /// The problems of the `retention:` section: durations outside their range (which the
    /// reader already refuses; this catches a configuration made in code).
    func retentionProblems() -> [SiteProblem] {
        configuration.retention.problems.map { SiteProblem(.error, place: .retention($0.key), message: $0.message) }
    }
}
