/// A route's share card as `landfall.yml` describes it: the picture a chat shows for a link to
/// the route, with `{placeholders}` filled from the route's parameters, its page, its content
/// and a short link's `data`.
///
/// ```yaml
/// card:
///   background: "#3b5bdb"            # or an image in the site folder: static/card.png
///   icon: static/icon.png            # the site's icon when absent; `none` for no icon
///   title: "Daily Puzzle"
///   lines:
///     - "{date}"
///     - {text: "Shared score: {score}", size: 44}
///   data: [score]                    # the short link data the card shows
/// ```
///
/// Placeholders: the route's parameters (`{date}`), `{title}` and `{description}` (the page's),
/// `{site}` (the site's name), the content fields named in `content:` and the short link data
/// keys named in `data:`. Any other is an error at `landfall config check`. A line whose
/// placeholder has no value for a link (no `score` in its data) is left out of its card.
///
/// The same format names templates in the top-level `cards:` map
/// (``SiteConfiguration/cards``), which a short link may choose instead of its route's card;
/// such a template may name the parameters of any of the site's routes, filled when the link's
/// target page has them.
public struct CardTemplate: Sendable, Hashable {
    /// The width in pixels; 1200 by default.
    public var width: Int
    /// The height in pixels; 630 by default.
    public var height: Int
    /// What is behind the text.
    public var background: Background
    /// The icon above the title.
    public var icon: Icon
    /// The title; `{title}`, the page's title, by default.
    public var title: Text
    /// The texts under the title.
    public var lines: [Text]
    /// The fonts of the lines (and of the title unless ``titleFonts`` is set), in order of
    /// preference, character by character: paths in the site folder or installed fonts' names.
    /// DejaVu Sans when empty.
    public var fonts: [String]
    /// The fonts of the title; DejaVu Sans Bold when empty and ``fonts`` is empty.
    public var titleFonts: [String]
    /// The colour of the texts, `#rrggbb`; white or near-black, whichever reads on the
    /// background, when nil.
    public var color: String?
    /// Where the texts sit across the card.
    public var alignment: Alignment
    /// The keys of a short link's `data` the texts may name.
    public var data: [String]
    /// The fields of the page's content the texts may name.
    public var content: [String]

    /// What is behind a card's text.
    public enum Background: Sendable, Hashable {
        /// A colour, `#rrggbb`.
        case color(String)
        /// An image, a path in the site folder, with a colour (`#rrggbbaa`) laid over it.
        case image(path: String, overlay: String?)
    }

    /// The icon of a card.
    public enum Icon: Sendable, Hashable {
        /// The site's icon (`site.icon`), when it is a path on the site.
        case site
        /// An image, a path in the site folder.
        case path(String)
        /// No icon.
        case none
    }

    /// Where a card's texts sit across it.
    public enum Alignment: String, Sendable, Hashable, CaseIterable {
        /// Left for left-to-right text, right for right-to-left.
        case leading
        /// Centred.
        case center
        /// Right for left-to-right text, left for right-to-left.
        case trailing
    }

    /// One text of a card: its words and, when set, how it differs from the card's defaults.
    public struct Text: Sendable, Hashable {
        /// The words, with placeholders.
        public var text: PlaceholderText
        /// The size in pixels.
        public var size: Double?
        /// The colour, `#rrggbb`.
        public var color: String?
        /// The fonts, as ``CardTemplate/fonts``.
        public var fonts: [String]
        /// Where it sits across the card.
        public var alignment: Alignment?
        /// The most lines it takes.
        public var maxLines: Int?

        /// Creates a text.
        public init(_ text: PlaceholderText, size: Double? = nil, color: String? = nil, fonts: [String] = [],
                    alignment: Alignment? = nil, maxLines: Int? = nil) {
            self.text = text
            self.size = size
            self.color = color
            self.fonts = fonts
            self.alignment = alignment
            self.maxLines = maxLines
        }
    }

    /// Creates a template.
    public init(width: Int = 1200, height: Int = 630, background: Background = .color(CardTemplate.defaultColor), icon: Icon = .site,
                title: Text = Text(CardTemplate.pageTitle), lines: [Text] = [], fonts: [String] = [], titleFonts: [String] = [],
                color: String? = nil, alignment: Alignment = .leading, data: [String] = [], content: [String] = []) {
        self.width = width
        self.height = height
        self.background = background
        self.icon = icon
        self.title = title
        self.lines = lines
        self.fonts = fonts
        self.titleFonts = titleFonts
        self.color = color
        self.alignment = alignment
        self.data = data
        self.content = content
    }

    /// The background of a site without a colour.
    public static let defaultColor = "#3b5bdb"
    /// `{title}`.
    public static let pageTitle: PlaceholderText = .placeholderText("{title}")
    /// The placeholders every route supplies, besides its parameters.
    public static let pagePlaceholders = ["title", "description", "site"]

    /// Whether `name` can name a template of `cards:`: 1 to 40 of `a`–`z`, `0`–`9` and `-`.
    ///
    /// ```swift
    /// CardTemplate.isName("invite")   // true
    /// CardTemplate.isName("Invite")   // false
    /// ```
    public static func isName(_ name: String) -> Bool {
        (1...40).contains(name.utf8.count) && name.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 45 }
    }

    /// What ``isName(_:)`` accepts, in words, for messages.
    public static let nameRule = "1 to 40 lowercase letters, digits and '-', such as invite"

    /// Whether a font as `landfall.yml` names it is a file in the site folder (a path with `/`,
    /// or a `.ttf`, `.otf` or `.ttc` name) rather than an installed font's name.
    public static func isFontFile(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return name.contains("/") || [".ttf", ".otf", ".ttc"].contains { lowered.hasSuffix($0) }
    }

    /// The placeholders a route with these parameters can fill in this template, in order:
    /// the parameters, the page's, then `content:` and `data:`.
    public func availablePlaceholders(parameters: [String]) -> [String] {
        var seen: Set<String> = []
        return (parameters + Self.pagePlaceholders + content + data).filter { seen.insert($0).inserted }
    }
}

extension PlaceholderText {
    /// A text known to parse (for constants).
    static func placeholderText(_ text: String) -> PlaceholderText {
        do {
            return try PlaceholderText(text)
        } catch {
            preconditionFailure("a constant placeholder text does not parse: \(error)")
        }
    }
}
