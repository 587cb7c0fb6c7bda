import Foundation

/// The fonts installed on this machine, found by file name (no fontconfig).
public enum SystemFonts {
    /// The folders searched, in order, with their subfolders.
    public static let folders = [
        "/usr/share/fonts", "/usr/local/share/fonts", "/Library/Fonts", "/System/Library/Fonts",
    ]

    /// The path of the installed font with this name (see ``CardFont/system(named:)``), or nil.
    ///
    /// The folders are listed once, the first time a font is asked for: a font installed after
    /// that is found by the next process.
    public static func path(named name: String) -> String? {
        index[key(name)]
    }

    /// The installed fonts' paths by ``key(_:)`` of their file names (the first found wins).
    private static let index: [String: String] = {
        var index: [String: String] = [:]
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            while let relative = walker.nextObject() as? String {
                let file = (relative as NSString).lastPathComponent
                let fileExtension = (file as NSString).pathExtension.lowercased()
                guard ["ttf", "otf", "ttc"].contains(fileExtension) else { continue }
                let name = key((file as NSString).deletingPathExtension)
                if index[name] == nil { index[name] = folder + "/" + relative }
            }
        }
        return index
    }()

    /// The fonts tried, character by character, after a text's own: DejaVu Sans (Latin, Greek,
    /// Cyrillic, Hebrew, Arabic, symbols), then Droid Sans Fallback (Chinese, Japanese, Korean),
    /// then a black-and-white emoji font (Noto Emoji, Symbola) if one is installed. Those not
    /// installed are left out; colour emoji fonts are bitmap-only and not used yet (an emoji no
    /// font has is drawn as the first font's missing-glyph box).
    public static func fallbackFonts() -> [CardFont] {
        ["DejaVuSans", "DroidSansFallbackFull", "NotoEmoji-Regular", "Symbola"].compactMap { name in
            try? CardFont.system(named: name)
        }
    }

    /// A name without case, spaces, hyphens or underscores.
    static func key(_ name: String) -> String {
        var base = name.lowercased()
        for suffix in [".ttf", ".otf", ".ttc"] where base.hasSuffix(suffix) { base.removeLast(suffix.count) }
        return String(base.filter { $0 != " " && $0 != "-" && $0 != "_" })
    }
}
