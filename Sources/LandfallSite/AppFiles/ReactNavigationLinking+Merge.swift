import Foundation
import LandfallJSON

extension ReactNavigationLinking {
    /// The kinds of file `--merge` accepts, by extension.
    public static let mergeableExtensions = ["ts", "tsx", "js", "jsx", "json"]

    /// Merges the linking config into an app's file: for `.ts`, `.tsx`, `.js` and `.jsx` the
    /// block between ``beginMarker`` and ``endMarker`` is replaced by ``typeScript(source:)``;
    /// for `.json`, `prefixes` and `config` are replaced and every other key kept.
    ///
    /// - Throws: ``AppFileMergeError`` for another extension, a module without the markers (paste
    ///   the printed module once first), with two blocks or an unclosed one, and for JSON that
    ///   does not parse or whose top level is not an object.
    public func merge(into original: String, fileName: String, source: String) throws(AppFileMergeError) -> AppFileMerge {
        let fileExtension = fileName.split(separator: ".").last.map { String($0).lowercased() } ?? ""
        switch fileExtension {
        case "json": return try mergeJSON(into: original, fileName: fileName)
        case "ts", "tsx", "js", "jsx": return try mergeModule(into: original, fileName: fileName, source: source)
        default:
            throw AppFileMergeError("\(fileName) is not a file React Navigation's config can be merged into: "
                                    + "expected a .ts, .tsx, .js, .jsx or .json file")
        }
    }

    /// Replaces the marked block of a module (from the begin line to the end line, both
    /// included), in the line ending of the begin line.
    func mergeModule(into original: String, fileName: String, source: String) throws(AppFileMergeError) -> AppFileMerge {
        let lines = TextDiff.lines(of: original)
        func marker(_ line: Substring, _ marker: String) -> Bool {
            line.drop { $0 == " " || $0 == "\t" }.hasPrefix(marker)
        }
        let begins = lines.indices.filter { marker(lines[$0], Self.beginMarker) }
        let ends = lines.indices.filter { marker(lines[$0], Self.endMarker) }
        guard let begin = begins.first else {
            throw AppFileMergeError("\(fileName) has no \(Self.beginMarker) … \(Self.endMarker) block: paste the module "
                                    + "`landfall config react-navigation \(source)` prints into it once; --merge keeps it up to date")
        }
        guard begins.count == 1 else {
            throw AppFileMergeError("\(fileName) has \(begins.count) \(Self.beginMarker) lines; keep one generated block", line: begins[1] + 1)
        }
        guard let end = ends.first(where: { $0 > begin }) else {
            throw AppFileMergeError("\(Self.beginMarker) has no \(Self.endMarker) after it; restore the line or paste the module again",
                                    line: begin + 1)
        }
        let newline = lines[begin].unicodeScalars.suffix(2).elementsEqual("\r\n".unicodeScalars) ? "\r\n" : "\n"
        var block = typeScript(source: source).replacingOccurrences(of: "\n", with: newline)
        // The end line keeps its own ending: none at the end of a file without a final newline.
        if lines[end].unicodeScalars.last != "\n" { block.removeLast() }
        let text = lines[..<begin].joined() + block + lines[(end + 1)...].joined()
        return AppFileMerge(text: text)
    }

    /// Replaces `prefixes` and `config` of a JSON file, keeping every other key as it is spelled.
    func mergeJSON(into original: String, fileName: String) throws(AppFileMergeError) -> AppFileMerge {
        var document = try JSONSourceDocument(original, fileName: fileName)
        let root = document.root
        guard root.objectMembers != nil else {
            throw AppFileMergeError("the top level of \(fileName) must be the linking object {\"prefixes\": [...], \"config\": {...}}, "
                                    + "not \(root.kindDescription)", line: root.location?.line)
        }
        let generated = json
        var appended: [(String, JSONValue)] = []
        for key in ["prefixes", "config"] {
            guard let value = generated[key] else { continue }
            if let existing = root[key] {
                document.replace(existing, with: value)
            } else {
                appended.append((key, value))
            }
        }
        document.append(appended, to: root)
        return AppFileMerge(text: document.text)
    }
}
