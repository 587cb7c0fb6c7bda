import Foundation

/// Where a site's files come from: a `landfall.yml` on disk (with its `templates/`, `content/`
/// and `static/` directories beside it unless given), or the demo the binary carries.
public enum SiteSource: Sendable {
    /// A configuration file, and optionally the directories of templates and content; when
    /// `nil`, `templates/` and `content/` next to the file are used if they exist.
    case file(String, templates: String? = nil, content: String? = nil)
    /// Files held in memory, by path relative to the site's directory (`landfall.yml`,
    /// `templates/puzzle.mustache`, `content/puzzle/2025-10-25.json`); the files of `static/`
    /// (`static/icon.png`), which need not be text, in Base64.
    case embedded(name: String, files: [String: String], binaryFiles: [String: String] = [:])

    /// The demo site (`examples/demo/`), carried by the binary.
    public static var demo: SiteSource {
        .embedded(name: "the built-in demo (examples/demo/landfall.yml)", files: DemoSite.files, binaryFiles: DemoSite.binaryFiles)
    }

    /// How logs and errors name the source.
    public var displayName: String {
        switch self {
        case .file(let path, _, _): path
        case .embedded(let name, _, _): name
        }
    }
}
