/// A Firebase Dynamic Links long link's query, read and checked against a site's destination
/// policy: what both the link host's `/?link=…` page and `GET /v1/resolve` decide first.
///
/// Every URL among the parameters must pass the policy before anything else happens: a long
/// link is an open redirect otherwise.
///
/// ```swift
/// switch DynamicLinkCheck(query: "link=https%3A%2F%2Fdaily.example.com%2Fpuzzle%2Ftoday&apn=com.example", policy: policy) {
/// case .accepted(let parameters, let link): print(link.text)      // the normalized deep link
/// case .refused(let parameter, _): print("\(parameter) is not allowed")
/// case .invalid(let problems): print(problems.errors)
/// }
/// ```
public enum DynamicLinkCheck: Sendable {
    /// The query is not a long link: every problem, in order.
    case invalid(InvalidDynamicLink)
    /// A URL among the parameters (`link`, `afl`, `ifl`, `ipfl`, `ofl`) is not a destination
    /// the site allows: the first such parameter and its URL.
    case refused(parameter: String, url: String)
    /// A long link whose every URL is allowed, with its `link` as the policy normalized it.
    case accepted(DynamicLinkParameters, link: Destination)

    /// Reads `query` (the long link's query, without `?`) and checks its URLs with `policy`.
    public init(query: String, policy: DestinationPolicy) {
        let parameters: DynamicLinkParameters
        do {
            parameters = try DynamicLinkParameters(query: query)
        } catch {
            self = .invalid(error)
            return
        }
        for (parameter, url) in parameters.destinations {
            if case .failure = policy.check(url) {
                self = .refused(parameter: parameter, url: url)
                return
            }
        }
        switch policy.check(parameters.link) {
        case .success(let link): self = .accepted(parameters, link: link)
        case .failure: self = .refused(parameter: "link", url: parameters.link)
        }
    }
}
