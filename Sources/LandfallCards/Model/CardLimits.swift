/// The bounds that keep a hostile template or file from costing more than a card is worth.
public enum CardLimits {
    /// The most bytes of an image file (background or icon): 8 MiB.
    public static let imageBytes = 8 * 1024 * 1024
    /// The most pixels on either side of an image: 4096.
    public static let imageSide = 4096
    /// The most bytes of a font file: 32 MiB (CJK fonts run to 20 MiB).
    public static let fontBytes = 32 * 1024 * 1024
    /// The card's side, in pixels: 16...4096.
    public static let cardSide = 16...4096
    /// A text's size, in pixels: 4...400.
    public static let textSize = 4.0...400.0
    /// The most lines one text block may ask for.
    public static let maxLines = 20
    /// The most characters of one text that are laid out; the rest cannot fit a card and is cut
    /// (with an ellipsis) before any work is done on it.
    public static let textCharacters = 2_000
}
