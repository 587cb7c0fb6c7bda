import Foundation

/// The fonts installed on this machine, found by file name (no fontconfig).
public enum SystemFonts {
    /// The folders searched, in order, with their subfolders.
    public static let folders = [
        "/usr/share/fonts", "/usr/local/share/fonts", "/Library/Fonts", "/System/Library/Fonts",
    ]

    /// The path of the installed font with this name (see ``CardFont/system(named:)``), or nil.
    public static func path(named name: String) -> String? {
        let wanted = key(name)
        guard !wanted.isEmpty else { return nil }
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            while let relative = walker.nextObject() as? String {
                let file = (relative as NSString).lastPathComponent
                let fileExtension = (file as NSString).pathExtension.lowercased()
                guard ["ttf", "otf", "ttc"].contains(fileExtension) else { continue }
                if key((file as NSString).deletingPathExtension) == wanted { return folder + "/" + relative }
            }
        }
        return nil
    }

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
