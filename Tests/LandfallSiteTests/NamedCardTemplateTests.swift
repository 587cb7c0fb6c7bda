import Foundation
import LandfallSite
import Testing

/// The `cards:` section of `landfall.yml`: named card templates a short link (or a route, by
/// name) may choose, read and checked as a route's `card:` is, each error naming the template.
@Suite struct NamedCardTemplateTests {
    /// ``SiteDocuments/minimal`` with `cards:` after its routes (the section's line is 25), and
    /// `routeCard` as the invite route's `card:` when given.
    static func document(cards: String, routeCard: String? = nil) -> String {
        let indented = cards.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        var document = SiteDocuments.minimal + "cards:\n\(indented)\n"
        if let routeCard {
            document = document.replacingOccurrences(of: "    examples: [https://example.com/invite/abc]\n",
                                                     with: "    examples: [https://example.com/invite/abc]\n    card: \(routeCard)\n")
        }
        return document
    }

    static let invite = """
        invite:
          background: "#0b7285"
          title: "You're invited to {site}"
          lines: ["{invitedBy} wants to play", "{date}"]
          data: [invitedBy]
        """

    @Test("a named template is read as a route's card is, and any route's parameter may be named")
    func readsNamedTemplates() throws {
        let check = SiteConfigurationReader.check(yaml: Self.document(cards: Self.invite + "\nplain: {title: \"{title}\"}"))
        #expect(check.issues == [])
        let site = try #require(check.site).configuration
        #expect(site.cardNames == ["invite", "plain"])
        let card = try #require(site.cards["invite"])
        #expect(card.background == .color("#0b7285"))
        #expect(card.lines.map(\.text.text) == ["{invitedBy} wants to play", "{date}"])
        #expect(card.data == ["invitedBy"])
        #expect(site.namedCardTemplate("invite") == card)
        #expect(site.namedCardTemplate("gone") == nil)
        #expect(site.namedCardTemplate(nil) == nil)
    }

    @Test("a named template's lines are filled from a link's data and its target page; a missing one is left out")
    func resolvesFromLinkAndPage() throws {
        let site = try #require(SiteConfigurationReader.check(yaml: Self.document(cards: Self.invite)).site).configuration
        let card = try #require(site.cards["invite"])
        let onPuzzle = card.resolved(with: CardValues(parameters: ["date": "2026-11-20"], data: ["invitedBy": "Ada"]), site: site)
        #expect(onPuzzle.title.text == "You're invited to Test Site")
        #expect(onPuzzle.lines.map(\.text) == ["Ada wants to play", "2026-11-20"])
        let bare = card.resolved(with: CardValues(), site: site)
        #expect(bare.lines.isEmpty)
    }

    @Test("a route may name a template of cards: as its card")
    func routeNamesTemplate() throws {
        let check = SiteConfigurationReader.check(yaml: Self.document(cards: Self.invite, routeCard: "invite"))
        #expect(check.issues == [])
        let site = try #require(check.site).configuration
        #expect(site.routes[1].card == site.cards["invite"])
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        var cards: String
        var routeCard: String?
        var message: String
        var path: String
        var testDescription: String { message }
    }

    @Test("a bad name, an unknown placeholder, a bad value or an unknown name is an error naming the template", arguments: [
        Broken(cards: "Invite: {title: \"{site}\"}",
               message: "'Invite' is not a card template name; write 1 to 40 lowercase letters, digits and '-', such as invite", path: "cards"),
        Broken(cards: "invite_card: {title: \"{site}\"}",
               message: "'invite_card' is not a card template name; write 1 to 40 lowercase letters, digits and '-', such as invite", path: "cards"),
        Broken(cards: "invite: {title: \"{inviter}\"}",
               message: "{inviter} is not a placeholder this card can fill; the card of the template 'invite' can fill: {date}, {code}, {title}, {description}, {site}; name a short link's data key in 'data:' or a content field in 'content:'",
               path: "cards.invite.title"),
        Broken(cards: "invite: {background: \"#12345\"}",
               message: "'#12345' is not a colour; write it as #RRGGBB or #RGB, such as #3B5BDB", path: "cards.invite.background"),
        Broken(cards: "invite: static/card.png",
               message: "the card template 'invite' must be a mapping (background, title, lines, ...), as a route's card is", path: "cards.invite"),
        Broken(cards: "invite: {title: \"{site}\"}", routeCard: "invitation",
               message: "no card template is named 'invitation'; the templates of cards: invite", path: "routes[1].card"),
        Broken(cards: "invite: {title: \"{site}\"}", routeCard: "invtie",
               message: "no card template is named 'invtie'; did you mean 'invite'? the templates of cards: invite", path: "routes[1].card"),
    ])
    func broken(_ broken: Broken) {
        let check = SiteConfigurationReader.check(yaml: Self.document(cards: broken.cards, routeCard: broken.routeCard), source: "landfall.yml")
        #expect(check.hasErrors)
        let issue = check.issues.first { $0.message == broken.message }
        #expect(issue != nil, "issues: \(check.issues.map(\.description))")
        #expect(issue?.path == broken.path)
    }
}
