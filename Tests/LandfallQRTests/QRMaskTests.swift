@testable import LandfallQR
import Testing

/// The eight mask patterns, drawn as the standard's Figure 23 shows their top-left 6×6 corner
/// (`#` where the mask inverts the module; rows are i, columns j).
@Suite struct QRMaskTests {
    static let pictures: [[String]] = [
        ["#.#.#.", ".#.#.#", "#.#.#.", ".#.#.#", "#.#.#.", ".#.#.#"],
        ["######", "......", "######", "......", "######", "......"],
        ["#..#..", "#..#..", "#..#..", "#..#..", "#..#..", "#..#.."],
        ["#..#..", "..#..#", ".#..#.", "#..#..", "..#..#", ".#..#."],
        ["###...", "###...", "...###", "...###", "###...", "###..."],
        ["######", "#.....", "#..#..", "#.#.#.", "#..#..", "#....."],
        ["######", "###...", "##.##.", "#.#.#.", "#.##.#", "#...##"],
        ["#.#.#.", "...###", "#...##", ".#.#.#", "###...", ".###.."],
    ]

    @Test("each mask pattern inverts the modules of the standard's picture", arguments: 0...7)
    func maskMatchesItsPicture(mask: Int) {
        let drawn = (0..<6).map { i in String((0..<6).map { j in QRMask.inverts(mask, x: j, y: i) ? "#" : "." }) }
        #expect(drawn == Self.pictures[mask])
    }

    @Test("a mask leaves function patterns alone and undoes itself", arguments: 0...7)
    func maskSparesFunctionPatternsAndIsAnInvolution(mask: Int) {
        let empty = ModuleGrid(functionPatternsOf: QRVersion(7))
        var masked = empty
        masked.applyMask(mask)
        for index in empty.modules.indices where empty.isFunction[index] {
            #expect(masked.modules[index] == empty.modules[index])
        }
        masked.applyMask(mask)
        #expect(masked == empty)
    }
}
