import Foundation

/// A font file's bytes (TrueType, OpenType or a collection's first face), checked by FreeType
/// when it is made.
///
/// ```swift
/// let bold = try CardFont.file(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
/// let serif = try CardFont.system(named: "DejaVu Serif")
/// ```
public struct CardFont: Sendable, Hashable, CustomStringConvertible {
    /// Where the font came from, for messages: its path or file name.
    public let name: String
    /// The font file.
    let data: [UInt8]

    /// Makes a font from a file's bytes.
    ///
    /// - Throws: ``CardError`` `.notAFont` when FreeType does not read it (the message names
    ///   the file and FreeType's reason), `.fontNotScalable` for a bitmap-only font,
    ///   `.fileUnreadable` beyond ``CardLimits/fontBytes``, `.cardsOff` without FreeType.
    public init(name: String, data: [UInt8]) throws(CardError) {
        guard data.count <= CardLimits.fontBytes else {
            throw CardError(.fileUnreadable, "\(name): \(data.count) bytes is more than a font may have (\(CardLimits.fontBytes))")
        }
        self.name = name
        self.data = data
        try FontCheck.check(self)
    }

    /// Reads a font file.
    ///
    /// - Throws: ``CardError`` `.fileUnreadable` when the file cannot be read, or as
    ///   ``init(name:data:)``.
    public static func file(atPath path: String) throws(CardError) -> CardFont {
        try CardFont(name: path, data: CardFile.read(path, limit: CardLimits.fontBytes, what: "a font"))
    }

    /// Finds an installed font by its file name, with or without spaces, hyphens and the
    /// extension: `DejaVu Sans Bold`, `DejaVuSans-Bold` and `dejavusans-bold.ttf` all name
    /// `DejaVuSans-Bold.ttf`. The folders searched are ``SystemFonts/folders``.
    ///
    /// - Throws: ``CardError`` `.fontNotFound` naming the folders searched, or as
    ///   ``init(name:data:)``.
    public static func system(named name: String) throws(CardError) -> CardFont {
        guard let path = SystemFonts.path(named: name) else {
            throw CardError(.fontNotFound, "no installed font is named '\(name)' (looked in \(SystemFonts.folders.joined(separator: ", ")))")
        }
        return try file(atPath: path)
    }

    /// The name.
    public var description: String { name }

    /// Hashes the name and the size, not the megabytes of the file (equal fonts still compare
    /// their bytes, which is quick when they share them).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(data.count)
    }

    /// Whether two fonts have the same name and bytes.
    public static func == (left: CardFont, right: CardFont) -> Bool {
        left.name == right.name && left.data == right.data
    }
}
