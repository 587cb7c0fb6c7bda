import DeepLinkRouting
import Foundation
import LandfallSite
import Testing

/// The `invitations:` section of `landfall.yml`: the route whose links are invitation links,
/// its checks, and the invitation URLs made from it.
@Suite struct InvitationSettingsReaderTests {
    static let code = "7KQ2M-X4P9T-HCW3R"

    // MARK: reading

    @Test func aSiteWithoutAnInvitationsSectionHasNoInvitationURLs() throws {
        let site = try SiteConfigurationReader.site(yaml: SiteDocuments.minimal)
        #expect(site.configuration.invitations == nil)
        #expect(site.configuration.invitationURL(code: Self.code) == nil)
        #expect(site.invitationURL(code: Self.code) == nil)
    }

    @Test(arguments: ["invitations:\n", "invitations: ~\n"])
    func anEmptyInvitationsSectionIsNoSection(_ section: String) throws {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal + section)
        #expect(check.issues == [])
        #expect(try #require(check.site).configuration.invitations == nil)
    }

    @Test func theRouteIsReadAndTheParameterIsCodeByDefault() throws {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal + "invitations:\n  route: invite\n")
        #expect(check.issues == [])
        let site = try #require(check.site)
        #expect(site.configuration.invitations == InvitationSettings(route: "invite"))
        #expect(site.configuration.invitations?.parameter == "code")
        #expect(site.configuration.invitationURL(code: Self.code) == "https://example.com/invite/7KQ2M-X4P9T-HCW3R")
        #expect(site.invitationURL(code: Self.code) == "https://example.com/invite/7KQ2M-X4P9T-HCW3R")
    }

    @Test func aRouteWhoseCodeParameterHasAnotherNameNamesIt() throws {
        let document = SiteDocuments.minimal.edited(
            DocumentEdit("pattern: /invite/:code", "pattern: /join/:token(/from/:who)"),
            DocumentEdit("https://example.com/invite/abc", "https://example.com/join/abc"))
            + "invitations:\n  route: invite\n  parameter: token\n"
        let check = SiteConfigurationReader.check(yaml: document)
        #expect(check.issues == [])
        let site = try #require(check.site)
        #expect(site.configuration.invitations == InvitationSettings(route: "invite", parameter: "token"))
        #expect(site.invitationURL(code: Self.code) == "https://example.com/join/7KQ2M-X4P9T-HCW3R")
    }

    @Test func theURLIsOnTheSiteHostAndRoutesBackToTheRouteWithTheCode() throws {
        let site = try SiteConfigurationReader.site(yaml: try SiteDocuments.demo)
        #expect(site.configuration.invitations == InvitationSettings(route: "invite"))
        let url = try #require(site.invitationURL(code: Self.code))
        #expect(url == "https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R")
        #expect(site.configuration.invitationURL(code: Self.code) == url)
        let match = try #require(site.router.route(url).match)
        #expect(match.route.name == "invite")
        #expect(match.parameters.value("code", as: String.self) == Self.code)
    }

    @Test func aCodeIsPercentEncodedLikeAnyPathValue() throws {
        let site = try SiteConfigurationReader.site(yaml: try SiteDocuments.demo)
        #expect(site.invitationURL(code: "a b/c") == "https://daily.example.com/invites/a%20b%2Fc")
        #expect(site.invitationURL(code: "") == nil, "an empty segment cannot be written")
    }

    // MARK: problems

    struct Broken: Sendable, CustomTestStringConvertible {
        var name: String
        var document: String
        var path: String
        var line: Int
        var column: Int
        var message: String

        init(_ name: String, _ section: String, before edits: [DocumentEdit] = [], path: String, line: Int, column: Int, message: String) {
            self.name = name
            self.document = edits.reduce(SiteDocuments.minimal) { $1.applied(to: $0) } + section
            self.path = path
            self.line = line
            self.column = column
            self.message = message
        }

        var testDescription: String { name }
    }

    // The minimal document has 24 lines: `invitations:` is on line 25.
    static let broken = [
        Broken("an unknown route", "invitations:\n  route: invit\n", path: "invitations.route", line: 26, column: 10,
               message: "no route is named 'invit' (routes: puzzle, invite); did you mean 'invite'?"),
        Broken("a route named by its pattern", "invitations:\n  route: /invite/:code\n", path: "invitations.route", line: 26, column: 10,
               message: "no route is named '/invite/:code' (routes: puzzle, invite)"),
        Broken("a misspelt key", "invitations:\n  rout: invite\n", path: "invitations.rout", line: 26, column: 3,
               message: "unknown key 'rout'; did you mean 'route'?"),
        Broken("no route", "invitations:\n  parameter: code\n", path: "invitations.route", line: 26, column: 3,
               message: "'route' is required"),
        Broken("a section that is not a mapping", "invitations: invite\n", path: "invitations", line: 25, column: 14,
               message: "expected a mapping such as {route: invite}, found \"invite\""),
        Broken("a route without the parameter", "invitations: {route: invite, parameter: token}\n",
               path: "invitations.parameter", line: 25, column: 41,
               message: "'token' is not a parameter of the route 'invite' ('/invite/:code', its parameters: code); write `parameter: code`, or name the pattern's parameter :token"),
        Broken("a route without a code parameter", "invitations: {route: invite}\n",
               before: [DocumentEdit("pattern: /invite/:code", "pattern: /invite/:id/:from"),
                        DocumentEdit("https://example.com/invite/abc", "https://example.com/invite/abc/ana")],
               path: "invitations.route", line: 25, column: 22,
               message: "'code' is not a parameter of the route 'invite' ('/invite/:id/:from', its parameters: id, from); add :code to the pattern, such as /invites/:code"),
        Broken("a route without parameters", "invitations: {route: puzzle}\n",
               before: [DocumentEdit("pattern: /puzzle/:date", "pattern: /puzzle/today"),
                        DocumentEdit("    parameters: {date: day}\n", ""),
                        DocumentEdit("https://example.com/puzzle/2025-10-25", "https://example.com/puzzle/today"),
                        DocumentEdit("    page: {title: \"Puzzle for {date}\", content: \"puzzle/{date}\"}\n    embargo: {day: date}\n", "")],
               path: "invitations.route", line: 22, column: 22,
               message: "its parameters: none); add :code to the pattern"),
        Broken("a parameter of another type", "invitations: {route: puzzle, parameter: date}\n",
               path: "invitations.parameter", line: 25, column: 41,
               message: "the parameter 'date' of the route 'puzzle' has the type day; an invitation code (7KQ2M-X4P9T-HCW3R) needs a string: remove it from the route's `parameters`"),
        Broken("a parameter written with its colon", "invitations: {route: invite, parameter: ':code'}\n",
               path: "invitations.parameter", line: 25, column: 41, message: "write the parameter's name without ':': code"),
        Broken("a parameter that is not a name", "invitations: {route: invite, parameter: 'a b'}\n",
               path: "invitations.parameter", line: 25, column: 41, message: "'a b' is not a parameter name"),
        Broken("a route that stays on the web", "    opensApp: false\ninvitations: {route: invite}\n",
               path: "invitations.route", line: 26, column: 22,
               message: "the route 'invite' stays on the web (opensApp: false); an invitation link must open the app"),
        Broken("a route whose links another route takes", "  - name: all-invites\n    pattern: /invite/*rest\n    priority: 5\ninvitations: {route: invite}\n",
               path: "invitations.route", line: 28, column: 22,
               message: "the route 'invite' cannot make invitation links: 'https://example.com/invite/7KQ2M-X4P9T-HCW3R' would open route 'all-invites'"),
    ]

    @Test(arguments: broken)
    func aProblemIsReportedAtItsLineAndColumn(_ broken: Broken) {
        let check = SiteConfigurationReader.check(yaml: broken.document, source: "landfall.yml")
        #expect(check.hasErrors)
        let got = check.issues.map { $0.description(in: "landfall.yml") }.joined(separator: "\n")
        #expect(check.issues.contains {
            $0.severity == .error && $0.path == broken.path && $0.line == broken.line && $0.column == broken.column
                && $0.message.contains(broken.message)
        }, "got:\n\(got)")
    }

    @Test func aRouteMissingEverythingGetsEveryProblemAtOnce() {
        let document = SiteDocuments.minimal + "    opensApp: false\ninvitations: {route: invite, parameter: token}\n"
        let issues = SiteConfigurationReader.check(yaml: document).issues
        #expect(issues.map(\.path) == ["invitations.route", "invitations.parameter"])
        #expect(issues.map(\.line) == [26, 26])
    }

    @Test func aConfigurationMadeInCodeIsCheckedToo() throws {
        var configuration = try SiteConfigurationReader.site(yaml: SiteDocuments.minimal).configuration
        configuration.invitations = InvitationSettings(route: "invites")
        let error = try #require(throws: SiteConfigurationError.self) { try Site(configuration) }
        #expect(error.errors.map(\.path) == ["invitations.route"])
        #expect(error.errors.first?.line == nil)
        #expect(error.errors.first?.message == "no route is named 'invites' (routes: puzzle, invite); did you mean 'invite'?")
        #expect(configuration.invitationURL(code: Self.code) == nil)
        configuration.invitations = InvitationSettings(route: "invite")
        #expect(try Site(configuration).invitationURL(code: Self.code) == "https://example.com/invite/7KQ2M-X4P9T-HCW3R")
    }
}
