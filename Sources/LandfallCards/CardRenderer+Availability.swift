import Foundation

extension CardRenderer {
    /// The C libraries cards need, each with the header the build looks for and the packages
    /// that install it.
    public struct Library: Sendable, Hashable {
        /// The library's name.
        public var name: String
        /// The header `Package.swift` looks for.
        public var header: String
        /// The Debian (and Ubuntu) package with the header.
        public var debianPackage: String
        /// The Homebrew formula.
        public var homebrewFormula: String?
    }

    /// FreeType, libpng and zlib (zlib comes with the macOS SDK).
    public static let libraries = [
        Library(name: "FreeType", header: "freetype2/ft2build.h", debianPackage: "libfreetype-dev", homebrewFormula: "freetype"),
        Library(name: "libpng", header: "png.h", debianPackage: "libpng-dev", homebrewFormula: "libpng"),
        Library(name: "zlib", header: "zlib.h", debianPackage: "zlib1g-dev", homebrewFormula: nil),
    ]

    /// The libraries whose headers are not on this machine now (the folders `Package.swift`
    /// searches); empty when they all are.
    public static func missingLibraries(folders: [String] = ["/usr/include", "/usr/local/include", "/opt/homebrew/include"]) -> [Library] {
        libraries.filter { library in
            !folders.contains { FileManager.default.fileExists(atPath: "\($0)/\(library.header)") }
        }
    }

    /// Why cards are off, for a person, in one sentence with what to install; nil when this
    /// build draws cards.
    ///
    /// ```
    /// share cards are off: landfall was built without FreeType, libpng or zlib (missing on this
    /// machine: FreeType); install them (apt-get install libfreetype-dev libpng-dev zlib1g-dev)
    /// and build again. Pages name the site's own image meanwhile.
    /// ```
    public static var offReason: String? {
        guard !isAvailable else { return nil }
        let missing = missingLibraries()
        let now = missing.isEmpty
            ? "they are on this machine now: build again"
            : "missing on this machine: \(missing.map(\.name).joined(separator: ", "))"
        return "share cards are off: landfall was built without FreeType, libpng or zlib (\(now)); install them "
            + "(apt-get install \(libraries.map(\.debianPackage).joined(separator: " ")), or brew install freetype libpng) "
            + "and build again. Pages name the site's own image meanwhile."
    }
}
