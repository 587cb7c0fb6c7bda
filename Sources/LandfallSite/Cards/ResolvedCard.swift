/// A card with its placeholders filled and every default decided: what the renderer draws
/// (after the server reads the files it names).
public struct ResolvedCard: Sendable, Hashable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// What is behind the text; image paths are in the site folder.
    public var background: CardTemplate.Background
    /// The icon, a path in the site folder; none when nil.
    public var icon: String?
    /// The title.
    public var title: Text
    /// The lines under it, those with a value for every placeholder.
    public var lines: [Text]

    /// One text, ready to draw.
    public struct Text: Sendable, Hashable {
        /// The words.
        public var text: String
        /// The size in pixels.
        public var size: Double
        /// The colour, `#rrggbb` or `#rrggbbaa`.
        public var color: String
        /// The fonts in order of preference: paths in the site folder or installed fonts' names.
        public var fonts: [String]
        /// Where it sits across the card.
        public var alignment: CardTemplate.Alignment
        /// The most lines it takes.
        public var maxLines: Int

        /// Creates a text.
        public init(text: String, size: Double, color: String, fonts: [String], alignment: CardTemplate.Alignment, maxLines: Int) {
            self.text = text
            self.size = size
            self.color = color
            self.fonts = fonts
            self.alignment = alignment
            self.maxLines = maxLines
        }
    }
}
