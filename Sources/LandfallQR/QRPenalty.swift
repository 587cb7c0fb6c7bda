/// The four penalty rules of ISO/IEC 18004 §7.8.3 that choose the mask: the lower the total,
/// the easier the symbol is to read.
///
/// - N1 (3): each run of five or more same-coloured modules in a row or column scores 3,
///   plus 1 per module beyond five.
/// - N2 (3): each 2×2 block of one colour scores 3 (blocks may overlap, so an m×n block of one
///   colour scores 3 × (m−1) × (n−1)).
/// - N3 (40): each 1:1:3:1:1 dark–light–dark–light–dark pattern in a row or column with four
///   light modules before or after it scores 40, once per pattern; modules beyond the edge
///   count as light, as the quiet zone is.
/// - N4 (10): 10 for each full 5% by which the dark proportion lies beyond 45–55%.
enum QRPenalty {
    static let n1 = 3, n2 = 3, n3 = 40, n4 = 10

    /// The sum of the four rules.
    static func score(_ grid: ModuleGrid) -> Int {
        let lines = lines(of: grid)
        return runs(in: lines) + blocks(grid) + finderLikePatterns(in: lines) + balance(grid)
    }

    /// Rule 1: runs of five or more modules of the same colour in a row or column.
    static func runs(_ grid: ModuleGrid) -> Int { runs(in: lines(of: grid)) }

    private static func runs(in lines: [[Bool]]) -> Int {
        var score = 0
        for line in lines {
            var runLength = 0
            var previous = false
            for (index, dark) in line.enumerated() {
                if index > 0 && dark == previous {
                    runLength += 1
                } else {
                    if runLength >= 5 { score += n1 + runLength - 5 }
                    runLength = 1
                    previous = dark
                }
            }
            if runLength >= 5 { score += n1 + runLength - 5 }
        }
        return score
    }

    /// Rule 2: 2×2 blocks of one colour.
    static func blocks(_ grid: ModuleGrid) -> Int {
        let size = grid.size
        var score = 0
        for y in 0..<max(0, size - 1) {
            for x in 0..<size - 1 {
                let colour = grid[x, y]
                if grid[x + 1, y] == colour && grid[x, y + 1] == colour && grid[x + 1, y + 1] == colour {
                    score += n2
                }
            }
        }
        return score
    }

    /// Rule 3: 1:1:3:1:1 finder-like patterns with four light modules on one side.
    static func finderLikePatterns(_ grid: ModuleGrid) -> Int { finderLikePatterns(in: lines(of: grid)) }

    private static func finderLikePatterns(in lines: [[Bool]]) -> Int {
        var score = 0
        for line in lines {
            let count = line.count
            func isLight(_ start: Int) -> Bool {  // four modules from `start`, beyond the edge light
                for index in start..<start + 4 where index >= 0 && index < count && line[index] { return false }
                return true
            }
            var start = 0
            while start + 7 <= count {
                if line[start] && !line[start + 1] && line[start + 2] && line[start + 3] && line[start + 4]
                    && !line[start + 5] && line[start + 6] && (isLight(start - 4) || isLight(start + 7)) {
                    score += n3
                }
                start += 1
            }
        }
        return score
    }

    /// Rule 4: how far the proportion of dark modules strays from half, in whole 5% steps
    /// beyond the first (45–55% scores nothing, 40–45% or 55–60% scores 10, …).
    static func balance(_ grid: ModuleGrid) -> Int {
        let total = grid.modules.count
        guard total > 0 else { return 0 }
        let dark = grid.modules.lazy.filter { $0 }.count
        let deviation = abs(dark * 20 - total * 10)  // in units of 5% of total
        let steps = max(0, (deviation + total - 1) / total - 1)
        return n4 * steps
    }

    /// Every row, then every column.
    private static func lines(of grid: ModuleGrid) -> [[Bool]] {
        let size = grid.size
        var result: [[Bool]] = []
        result.reserveCapacity(2 * size)
        for y in 0..<size { result.append(Array(grid.modules[y * size..<(y + 1) * size])) }
        for x in 0..<size { result.append((0..<size).map { grid[x, $0] }) }
        return result
    }
}
