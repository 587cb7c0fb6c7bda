/// Why a card could not be made: a code to switch on and a message that names the file or the
/// limit at fault.
///
/// ```swift
/// do { png = try renderer.render(card) } catch { print(error.message) }
/// // "background.png: 12000×9000 pixels is more than a card image may have (4096×4096)"
/// ```
public struct CardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable {
        /// This build has no FreeType (or libpng or zlib): cards are off.
        case cardsOff
        /// A file could not be read (missing, unreadable).
        case fileUnreadable
        /// A font file that FreeType does not read as a font.
        case notAFont
        /// A font that has no outlines (a bitmap-only font) cannot be scaled to a card's sizes.
        case fontNotScalable
        /// No system font has the name asked for.
        case fontNotFound
        /// An image file larger than ``CardLimits/imageBytes``.
        case imageTooLarge
        /// An image with more pixels than ``CardLimits/imageSide`` allows on a side.
        case imageTooManyPixels
        /// An image file libpng does not read as a PNG.
        case notAPNG
        /// A card whose size, text size or line count is out of range.
        case invalidCard
    }

    /// What went wrong.
    public var code: Code
    /// What went wrong, for a person: the file or value and the limit.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// The error every render answers in a build without FreeType.
    public static let cardsOff = CardError(
        .cardsOff,
        "cards are off: FreeType was not found when landfall was built (install libfreetype-dev and libpng-dev, or Homebrew's freetype and libpng, and build again)"
    )
}
