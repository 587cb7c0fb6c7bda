import ArgumentParser

/// The two kinds of file `landfall aasa validate` checks.
enum AssociationFileKind: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// `apple-app-site-association` (iOS).
    case aasa
    /// `assetlinks.json` (Android's Digital Asset Links).
    case assetlinks

    /// The file's usual name, for messages.
    var fileName: String {
        switch self {
        case .aasa: "apple-app-site-association"
        case .assetlinks: "assetlinks.json"
        }
    }

    /// The kind of `input`: `assetlinks` when it is named `assetlinks.json` or its JSON starts
    /// with an array (as only an assetlinks file does), `aasa` otherwise.
    static func detect(_ input: InputFile) -> AssociationFileKind {
        if input.fileName.lowercased() == "assetlinks.json" { return .assetlinks }
        var bytes = input.bytes[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return first == UInt8(ascii: "[") ? .assetlinks : .aasa
    }
}
