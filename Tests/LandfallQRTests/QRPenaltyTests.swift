@testable import LandfallQR
import Testing

/// Each penalty rule on small hand-made matrices (`#` dark, `.` light).
@Suite struct QRPenaltyTests {
    @Test("rule 1 scores 3 per run of five or more same-coloured modules, plus 1 per module beyond five",
          arguments: [
              (["#####", ".#.#.", "#.#.#", ".#.#.", "#.#.#"], 3),        // one dark run of 5 in a row
              (["#.#.#", "#.#.#", "#.#.#", "#.#.#", "#.#.#"], 15),      // five runs of 5, in columns
              (["#######", ".#.#.#.", "#.#.#.#", ".#.#.#.", "#.#.#.#", ".#.#.#.", "#.#.#.#"], 5), // run of 7
              (["#.....#", ".#.#.#.", "#.#.#.#", ".#.#.#.", "#.#.#.#", ".#.#.#.", "#.#.#.#"], 3), // light run of 5
              ([".....", ".....", ".....", ".....", "....."], 30),        // 5 rows and 5 columns
              (["#.#.", ".#.#", "#.#.", ".#.#"], 0),                        // checkerboard
          ])
    func runsScore(rows: [String], expected: Int) {
        #expect(QRPenalty.runs(ModuleGrid(rows: rows)) == expected)
    }

    @Test("rule 2 scores 3 per 2×2 block of one colour, overlapping blocks each counted", arguments: [
        (["##", "##"], 3),
        (["...", "...", "..."], 12),           // a 3×3 block: 3 × 2 × 2
        (["##.", "##.", "..#"], 3),
        (["#.#.", ".#.#", "#.#.", ".#.#"], 0),
    ])
    func blocksScore(rows: [String], expected: Int) {
        #expect(QRPenalty.blocks(ModuleGrid(rows: rows)) == expected)
    }

    /// A square grid, all light but for one row (or column) given as a string.
    static func grid(line: String, vertical: Bool = false) -> ModuleGrid {
        let size = line.count
        var rows = Array(repeating: String(repeating: ".", count: size), count: size)
        rows[0] = line
        let grid = ModuleGrid(rows: rows)
        guard vertical else { return grid }
        var transposed = ModuleGrid(size: size)
        for y in 0..<size { for x in 0..<size { transposed[x, y] = grid[y, x] } }
        return transposed
    }

    @Test("rule 3 scores 40 per 1:1:3:1:1 pattern with four light modules on at least one side", arguments: [
        ("#.###.#....", false, 40),                   // four light after
        ("....#.###.#", true, 40),                    // four light before, in a column
        ("#.###.#", false, 40),                       // beyond the edge is light (the quiet zone)
        ("#...#.###.#...#", false, 0),                // only three light on each side
        ("....#.###.#....", false, 40),               // light on both sides: still one pattern
        ("#.###.#....#.###.#", false, 80),            // two patterns sharing the light area
        ("#.##.#.....", false, 0),                    // 1:1:2:1:1 is not the pattern
    ])
    func finderLikePatternsScore(line: String, vertical: Bool, expected: Int) {
        #expect(QRPenalty.finderLikePatterns(Self.grid(line: line, vertical: vertical)) == expected)
    }

    @Test("rule 4 scores 10 per full 5% step of dark modules beyond 45–55%", arguments: [
        (50, 0), (55, 0), (45, 0), (56, 10), (60, 10), (61, 20), (39, 20), (100, 90), (0, 90),
    ])
    func balanceScores(darkPercent: Int, expected: Int) {
        var grid = ModuleGrid(size: 10)
        for index in 0..<darkPercent { grid.modules[index] = true }
        #expect(QRPenalty.balance(grid) == expected)
    }

    @Test("the score is the sum of the four rules")
    func scoreIsTheSum() {
        let grid = ModuleGrid(rows: ["#####", "#....", "#.###", "#.#.#", "#.###"])
        #expect(QRPenalty.score(grid)
            == QRPenalty.runs(grid) + QRPenalty.blocks(grid) + QRPenalty.finderLikePatterns(grid) + QRPenalty.balance(grid))
    }
}
