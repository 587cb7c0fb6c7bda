/// A square of modules, dark (`true`) or light, with a note of which ones belong to function
/// patterns (finders, timing, alignment, format and version information) and so carry no data.
struct ModuleGrid: Sendable, Hashable {
    /// Modules per side.
    let size: Int
    /// Row-major: the module at (x, y) is `modules[y * size + x]`.
    var modules: [Bool]
    /// Row-major, like `modules`: whether the module is part of a function pattern.
    var isFunction: [Bool]

    /// A grid of light, non-function modules.
    init(size: Int) {
        self.size = size
        modules = Array(repeating: false, count: size * size)
        isFunction = modules
    }

    /// A grid from rows of characters, `#` dark and anything else light (for tests).
    init(rows: [String]) {
        size = rows.count
        modules = rows.flatMap { row in row.map { $0 == "#" } }
        isFunction = Array(repeating: false, count: modules.count)
        precondition(modules.count == size * size, "the rows must form a square")
    }

    /// Whether the module at column `x`, row `y` is dark.
    subscript(x: Int, y: Int) -> Bool {
        get { modules[y * size + x] }
        set { modules[y * size + x] = newValue }
    }

    /// Sets a module and marks it as part of a function pattern.
    mutating func setFunction(x: Int, y: Int, dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }
}
