#if LANDFALL_CARDS_FREETYPE
import CLibPNG
#endif

extension CardImage {
    /// Decodes a PNG file's bytes (any colour type, bit depth, palette or interlacing, through
    /// libpng), after checking ``CardLimits/imageBytes`` and, from its header alone,
    /// ``CardLimits/imageSide``.
    ///
    /// - Throws: ``CardError`` `.imageTooLarge`, `.imageTooManyPixels`, `.notAPNG` with
    ///   libpng's reason, or `.cardsOff` in a build without libpng.
    public init(name: String, png: [UInt8]) throws(CardError) {
        guard png.count <= CardLimits.imageBytes else {
            throw CardError(.imageTooLarge, "\(name): \(png.count) bytes is more than a card image may have (\(CardLimits.imageBytes) bytes); make it smaller")
        }
        #if LANDFALL_CARDS_FREETYPE
        // libpng keeps pointers to the png_image and to the file's bytes from the first call to
        // the last: both need addresses that stay put.
        let image = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
        image.initialize(to: png_image())
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, png.count), alignment: 1)
        bytes.copyBytes(from: png)
        defer {
            png_image_free(image)
            image.deallocate()
            bytes.deallocate()
        }
        let begun = landfall_png_begin(image, bytes.baseAddress, png.count)
        guard begun != 0 else { throw CardError(.notAPNG, "\(name): not a PNG image: \(Self.message(of: image.pointee))") }
        let width = Int(image.pointee.width), height = Int(image.pointee.height)
        try CardImage.checkSize(name: name, width: width, height: height)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let finished = rgba.withUnsafeMutableBytes { pixels in
            landfall_png_finish_rgba(image, pixels.baseAddress)
        }
        guard finished != 0 else { throw CardError(.notAPNG, "\(name): a broken PNG image: \(Self.message(of: image.pointee))") }
        try self.init(name: name, width: width, height: height, rgba: rgba)
        #else
        throw CardError.cardsOff
        #endif
    }

    /// Reads and decodes a PNG file.
    ///
    /// - Throws: ``CardError`` `.fileUnreadable`, `.imageTooLarge` (checked before reading),
    ///   or as ``init(name:png:)``.
    public static func file(atPath path: String, name: String? = nil) throws(CardError) -> CardImage {
        let bytes = try CardFile.read(path, limit: CardLimits.imageBytes, what: "a card image")
        return try CardImage(name: name ?? path, png: bytes)
    }

    #if LANDFALL_CARDS_FREETYPE
    private static func message(of image: png_image) -> String {
        var message = image.message
        return withUnsafeBytes(of: &message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
    #endif
}
