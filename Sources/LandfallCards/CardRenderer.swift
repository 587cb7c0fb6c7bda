/// Draws cards and writes them as PNG.
///
/// ```swift
/// let renderer = CardRenderer.system()      // DejaVu Sans and the other installed fallbacks
/// let png: [UInt8] = try renderer.render(card)
/// ```
///
/// Rendering is bounded whatever the input: a text is cut to ``CardLimits/textCharacters``
/// before layout, lines stop at what fits, images were checked against ``CardLimits`` when
/// they were read. A renderer holds no state between renders and can be shared between tasks.
///
/// In a build without FreeType (see ``isAvailable``) every render throws ``CardError/cardsOff``.
public struct CardRenderer: Sendable {
    /// Fonts tried, character by character, after a text's own fonts.
    public var fallbackFonts: [CardFont]

    /// Creates a renderer with fallback fonts.
    public init(fallbackFonts: [CardFont]) {
        self.fallbackFonts = fallbackFonts
    }

    /// A renderer whose fallbacks are the installed fonts of ``SystemFonts/fallbackFonts()``.
    public static func system() -> CardRenderer {
        CardRenderer(fallbackFonts: SystemFonts.fallbackFonts())
    }

    /// The version of the drawing: raised whenever the same description would be drawn or written
    /// differently (pixels or PNG bytes), so that cards kept under an old ``identity`` are not served as new ones.
    public static let version = "3"

    /// What besides a card's description decides its pixels: the drawing's ``version`` and the
    /// fallback fonts (their names and sizes). Part of every card's fingerprint
    /// (``CardAssets/fingerprint(of:renderer:)``).
    public var identity: String {
        "landfall-cards \(Self.version); fallbacks: " + fallbackFonts.map { "\($0.name) (\($0.data.count) bytes)" }.joined(separator: ", ")
    }

    /// Whether this build draws cards: false when FreeType, libpng or zlib were not found when
    /// it was built.
    public static var isAvailable: Bool {
        #if LANDFALL_CARDS_FREETYPE
        true
        #else
        false
        #endif
    }

    /// Draws a card as a PNG file (8-bit RGB).
    ///
    /// - Throws: ``CardError`` `.invalidCard` for sizes outside ``CardLimits``, `.notAFont` when
    ///   one of the text's fonts does not open, `.fontNotFound` when a text has no font at all,
    ///   `.cardsOff` in a build without FreeType.
    public func render(_ card: CardDescription) throws(CardError) -> [UInt8] {
        try draw(card).png()
    }

    /// Draws a card (the PNG writing left out: for tests and the benchmark).
    func draw(_ card: CardDescription) throws(CardError) -> Canvas {
        #if LANDFALL_CARDS_FREETYPE
        try card.validate()
        var canvas: Canvas
        switch card.background {
        case .color(let color):
            canvas = Canvas(width: card.width, height: card.height, color: CardColor(red: color.red, green: color.green, blue: color.blue))
        case .image(let image, let overlay):
            canvas = Canvas(width: card.width, height: card.height, color: .white)
            canvas.drawCovering(image)
            if let overlay { canvas.fill(overlay) }
        }
        let typesetter = try Typesetter(texts: card.texts, fallbackFonts: fallbackFonts)
        let layout = CardLayout(card: card, measuring: typesetter)
        if let icon = card.icon, let place = layout.icon {
            // A faint plate in the title's colour around the icon, so that an icon of the
            // background's colour keeps its shape.
            let ring = max(2, place.size / 28)
            var plate = card.title.color
            plate.alpha = UInt8(Int(plate.alpha) * 64 / 255)
            canvas.fillRoundedSquare(x: place.x - ring, y: place.y - ring, size: place.size + 2 * ring,
                                     cornerRadius: Canvas.iconCornerRadius(place.size) + Double(ring), color: plate)
            canvas.drawIcon(icon, x: place.x, y: place.y, size: place.size)
        }
        typesetter.draw(layout, on: &canvas)
        return canvas
        #else
        throw CardError.cardsOff
        #endif
    }
}
