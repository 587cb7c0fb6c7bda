import Foundation
import LandfallSite
import Testing

/// Site configuration documents the tests start from, and small edits of them.
enum SiteDocuments {
    /// The smallest configuration that exercises every section the reader requires, with two
    /// routes (so that `routes[1]` exists) and one app on both platforms. The line numbers in
    /// the comment are the ones the tables of broken documents expect.
    static let minimal = """
        site:
          name: Test Site
          timeZone: UTC
        hosts:
          site: example.com
          interstitial: open.example.net
        apps:
          - name: main
            ios:
              teamID: ABCDE12345
              bundleID: com.example.app
            android:
              package: com.example.app
              sha256: ["\(fingerprint)"]
        routes:
          - name: puzzle
            pattern: /puzzle/:date
            parameters: {date: day}
            examples: [https://example.com/puzzle/2025-10-25]
            page: {title: "Puzzle for {date}", content: "puzzle/{date}"}
            embargo: {day: date}
          - name: invite
            pattern: /invite/:code
            examples: [https://example.com/invite/abc]

        """
    //  1 site:                      13 package
    //  2 name                       14 sha256
    //  3 timeZone                   15 routes:
    //  4 hosts:                     16 - name: puzzle
    //  5 site                       17 pattern
    //  6 interstitial               18 parameters
    //  7 apps:                      19 examples
    //  8 - name: main               20 page
    //  9 ios:                       21 embargo
    // 10 teamID                     22 - name: invite
    // 11 bundleID                   23 pattern
    // 12 android:                   24 examples

    /// A SHA-256 fingerprint in the form Android expects.
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// The repository root (this file is `Tests/LandfallSiteTests/Support/SiteDocuments.swift`).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The demo site's configuration, `examples/demo/landfall.yml`.
    static var demo: String {
        get throws {
            try String(contentsOf: repositoryRoot.appendingPathComponent("examples/demo/landfall.yml"), encoding: .utf8)
        }
    }
}

/// One textual edit of a document: `old` (which must appear exactly once) becomes `new`.
struct DocumentEdit: Sendable, CustomTestStringConvertible {
    var old: String
    var new: String

    init(_ old: String, _ new: String) {
        self.old = old
        self.new = new
    }

    /// Appends `text` to the end of the document.
    static func append(_ text: String) -> DocumentEdit {
        DocumentEdit("", text)
    }

    /// The edited document; an edit whose `old` text is missing or ambiguous is a mistake in
    /// the test, recorded as an issue.
    func applied(to document: String) -> String {
        if old.isEmpty { return document + new }
        let parts = document.components(separatedBy: old)
        if parts.count != 2 {
            Issue.record("'\(old)' appears \(parts.count - 1) times in the document; an edit needs it exactly once")
        }
        return parts.joined(separator: new)
    }

    var testDescription: String { old.isEmpty ? "append \(new)" : "\(old) → \(new)" }
}

extension String {
    /// The document with the edits applied in order.
    func edited(_ edits: DocumentEdit...) -> String {
        edits.reduce(self) { $1.applied(to: $0) }
    }
}
