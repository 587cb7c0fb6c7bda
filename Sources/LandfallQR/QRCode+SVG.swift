extension QRCode {
    /// The code as an SVG document: a white background and one black `<path>` of the dark
    /// modules, drawn with `shape-rendering="crispEdges"` so edges stay sharp at any scale.
    ///
    /// ```swift
    /// let svg = try QRCode("https://example.com").svg(moduleSize: 10)
    /// // <svg xmlns="http://www.w3.org/2000/svg" width="290" height="290" viewBox="0 0 29 29" ...
    /// ```
    ///
    /// - Parameters:
    ///   - moduleSize: the width and height of the image per module, 1...64; 8 by default.
    ///   - margin: the quiet zone around the symbol in modules, 0...64; 4 by default, as the
    ///     standard asks.
    /// - Throws: ``QRCodeError`` with code `.moduleSizeOutOfRange` or `.marginOutOfRange`.
    public func svg(moduleSize: Int = 8, margin: Int = 4) throws(QRCodeError) -> String {
        let side = try renderedSide(moduleSize: moduleSize, margin: margin)
        let units = size + 2 * margin
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard self[x: x, y: y] else { x += 1; continue }
                var run = 1
                while self[x: x + run, y: y] { run += 1 }
                path += "M\(x + margin) \(y + margin)h\(run)v1h-\(run)z"
                x += run
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(side)" height="\(side)" \
            viewBox="0 0 \(units) \(units)" shape-rendering="crispEdges">\
            <rect width="\(units)" height="\(units)" fill="#fff"/>\
            <path d="\(path)" fill="#000"/></svg>

            """
    }
}
