import LandfallLinks
import SeededRandom
import Testing

/// `CSVTable(parsing:)`, the RFC 4180 reader: what `CSVTable.text` writes reads back, and
/// spreadsheets' files (quotes, CRLF, a BOM) read as they show.
@Suite struct CSVTableReadingTests {
    @Test("every table written as CSV reads back the same (500 random tables)")
    func writtenTablesReadBack() throws {
        var generator = SeededGenerator(seed: 16)
        let pool: [String] = ["a", "Z", "7", " ", ",", "\"", "\n", "\r", "\r\n", "é", "🚀", "'", "=", ";", "\t"]
        let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r", "\r\n"]
        func field() -> String {
            var text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pool.randomElement(using: &generator) ?? "" }.joined()
            if let first = text.first, formulaStarts.contains(first) { text = "x" + text }   // the writer neutralizes formulas
            return text
        }
        for _ in 0..<500 {
            let columns = Int.random(in: 1...4, using: &generator)
            let table = CSVTable(header: (0..<columns).map { _ in field() },
                                 rows: (0..<Int.random(in: 0...4, using: &generator)).map { _ in (0..<columns).map { _ in field() } })
            let read = try CSVTable(parsing: table.text)
            #expect(read == table, "\(table.text.debugDescription)")
        }
    }

    @Test("a spreadsheet's file reads as it shows", arguments: [
        ("\u{FEFF}a,b\r\n1,2\r\n", ["a", "b"], [["1", "2"]]),
        ("a,b\n1,2", ["a", "b"], [["1", "2"]]),
        ("a,b\r1,2\r", ["a", "b"], [["1", "2"]]),
        ("a\n\"x, \"\"y\"\"\"\n", ["a"], [["x, \"y\""]]),
        ("a,b\n\"line\r\nbreak\",\n", ["a", "b"], [["line\r\nbreak", ""]]),
        ("a\n\n\"\"\n", ["a"], [[""], [""]]),
    ])
    func spreadsheetFiles(text: String, header: [String], rows: [[String]]) throws {
        #expect(try CSVTable(parsing: text) == CSVTable(header: header, rows: rows))
    }

    @Test("text that is not CSV is refused at its line and column", arguments: [
        ("", "line 1, column 1: the file is empty; the first line must name the columns"),
        ("a,b\n1,x\"y\n", "line 2, column 4: a quote inside a field that does not start with one"),
        ("a\n\"x\"y\n", "line 2, column 4: text after the closing quote of a field"),
        ("a\n\"x\"\"\n\n", "line 2, column 1: the quoted field starting here never ends"),
    ])
    func notCSV(text: String, message: String) {
        #expect {
            try CSVTable(parsing: text)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }
}
