import DeepLinkRouting

/// One linked route: the router's definition, which apps it opens, the page shown on the
/// web, and what embargoes it.
///
/// ```yaml
/// - name: puzzle
///   pattern: /puzzle/:date
///   parameters: {date: day}
///   examples: [https://daily.example.com/puzzle/2025-10-25]
///   page: {template: puzzle, title: "Puzzle for {date}", content: "puzzle/{date}"}
///   embargo: {day: date}
/// ```
public struct SiteRoute: Sendable, Equatable {
    /// The route as the router reads it.
    public var definition: RouteDefinition
    /// Whether links to the route open the app; `false` makes the association files exclude it
    /// (a page that stays on the web).
    public var opensApp: Bool
    /// The names of the apps it opens; every app when empty.
    public var apps: [String]
    /// The page shown on the web.
    public var page: PageSettings
    /// What keeps the route's content hidden until its time, if anything.
    public var embargo: Embargo?
    /// The share card of the route's pages and links; the site's default card
    /// (``CardTemplate/siteDefault(_:)``) when nil.
    public var card: CardTemplate?

    /// Creates a route.
    public init(definition: RouteDefinition, opensApp: Bool = true, apps: [String] = [],
                page: PageSettings = PageSettings(), embargo: Embargo? = nil, card: CardTemplate? = nil) {
        self.definition = definition
        self.opensApp = opensApp
        self.apps = apps
        self.page = page
        self.embargo = embargo
        self.card = card
    }

    /// The route's name (its pattern when it has none).
    public var name: String { definition.effectiveName }
}

/// The web page of a route.
public struct PageSettings: Sendable, Hashable {
    /// The template's name (a file `NAME.mustache` in the templates directory, or a bundled one).
    public var template: String
    /// The title, with `{parameter}` placeholders; content's `title` takes precedence.
    public var title: PlaceholderText?
    /// The description, with placeholders; content's `description` takes precedence.
    public var description: PlaceholderText?
    /// The preview image URL, with placeholders; content's `image` takes precedence.
    public var image: PlaceholderText?
    /// Where the content lives in the content directory, without `.json`, with placeholders:
    /// `puzzle/{date}` reads `content/puzzle/2025-10-25.json`. No content when absent.
    public var content: PlaceholderText?

    /// The bundled template every route uses unless it names another.
    public static let defaultTemplate = "page"

    /// Creates page settings.
    public init(template: String = PageSettings.defaultTemplate, title: PlaceholderText? = nil,
                description: PlaceholderText? = nil, image: PlaceholderText? = nil, content: PlaceholderText? = nil) {
        self.template = template
        self.title = title
        self.description = description
        self.image = image
        self.content = content
    }
}

/// Settings of the generated association files.
public struct AssociationSettings: Sendable, Equatable {
    /// `Cache-Control: max-age` of the association files, in seconds.
    public var maxAge: Int
    /// Rules, in the association file's own `components` form, placed before the ones
    /// generated from the routes (so an exclusion here takes effect). They apply to every iOS app.
    public var extraComponents: [ExtraComponent]

    /// Creates settings.
    public init(maxAge: Int = 3600, extraComponents: [ExtraComponent] = []) {
        self.maxAge = maxAge
        self.extraComponents = extraComponents
    }
}
