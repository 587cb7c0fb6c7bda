/// The `invitations:` section of `landfall.yml`: which route's page is the invitation
/// landing page, and which of its parameters carries the code.
///
/// ```yaml
/// routes:
///   - name: invite
///     pattern: /invites/:code
/// invitations:
///   route: invite        # a route that opens the app, with the parameter below in its pattern
///   parameter: code      # the default
/// ```
///
/// Invitation URLs (``SiteConfiguration/invitationURL(code:)``) are that route's links on the
/// site host, `https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R`. A site without the
/// section has no invitation URLs and no invitation page.
public struct InvitationSettings: Sendable, Hashable {
    /// The name of the route whose page is the invitation landing page.
    public var route: String
    /// The name of the route's path parameter that carries the code; ``defaultParameter``
    /// unless the section names another.
    public var parameter: String

    /// The parameter a section without `parameter:` names: `code`.
    public static let defaultParameter = "code"

    /// Creates settings for the route named `route`, whose path parameter `parameter` carries
    /// the code.
    public init(route: String, parameter: String = InvitationSettings.defaultParameter) {
        self.route = route
        self.parameter = parameter
    }
}
