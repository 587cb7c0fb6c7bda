import LandfallQR
import Testing

@Suite struct QRCodeSVGTests {
    @Test("the SVG has the size, a white background and one path with a unit square per dark module")
    func svgShape() throws {
        let code = try QRCode("https://example.com", mask: 0)
        let svg = try code.svg(moduleSize: 10, margin: 2)
        let units = code.size + 4
        #expect(svg.hasPrefix("""
            <svg xmlns="http://www.w3.org/2000/svg" width="\(units * 10)" height="\(units * 10)" \
            viewBox="0 0 \(units) \(units)" shape-rendering="crispEdges">
            """))
        #expect(svg.contains("<rect width=\"\(units)\" height=\"\(units)\" fill=\"#fff\"/>"))
        #expect(svg.components(separatedBy: "<path ").count == 2)
        // The top row starts with the finder's seven dark modules, offset by the margin.
        #expect(svg.contains("d=\"M2 2h7v1h-7z"))

        // Every horizontal run in the path covers exactly the dark modules.
        var dark = 0
        for y in 0..<code.size { for x in 0..<code.size where code[x: x, y: y] { dark += 1 } }
        let runs = svg.split(separator: "h").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(runs.reduce(0, +) == dark)
    }
}

extension String {
    fileprivate func components(separatedBy separator: String) -> [Substring] {
        split(separator: separator, omittingEmptySubsequences: false)
    }
}
