/// A decoded image for a card's background or icon: 8-bit RGBA pixels, not premultiplied.
///
/// Read one from PNG bytes with ``init(name:png:)`` (which checks ``CardLimits`` before it
/// decodes), or make one from pixels:
///
/// ```swift
/// let icon = try CardImage(name: "static/icon.png", png: bytes)
/// let dot = try CardImage(name: "dot", width: 1, height: 1, rgba: [255, 0, 0, 255])
/// ```
public struct CardImage: Sendable, Hashable {
    /// Where the image came from, for messages (a path relative to the site folder).
    public var name: String
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The pixels, row by row from the top, 4 bytes each: red, green, blue, alpha.
    public let rgba: [UInt8]

    /// Creates an image from its pixels.
    ///
    /// - Throws: ``CardError`` `.imageTooManyPixels` beyond ``CardLimits/imageSide``, or
    ///   `.invalidCard` when `rgba` does not hold `width × height × 4` bytes.
    public init(name: String, width: Int, height: Int, rgba: [UInt8]) throws(CardError) {
        try CardImage.checkSize(name: name, width: width, height: height)
        guard rgba.count == width * height * 4 else {
            throw CardError(.invalidCard, "\(name): \(width)×\(height) pixels need \(width * height * 4) bytes of RGBA, not \(rgba.count)")
        }
        self.name = name
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}

extension CardImage {
    /// Checks a size against ``CardLimits/imageSide`` before any pixel is decoded.
    static func checkSize(name: String, width: Int, height: Int) throws(CardError) {
        guard width > 0, height > 0 else {
            throw CardError(.invalidCard, "\(name): an image of \(width)×\(height) pixels has nothing to draw")
        }
        guard width <= CardLimits.imageSide, height <= CardLimits.imageSide else {
            throw CardError(.imageTooManyPixels,
                            "\(name): \(width)×\(height) pixels is more than a card image may have (\(CardLimits.imageSide)×\(CardLimits.imageSide)); scale it down")
        }
    }
}
