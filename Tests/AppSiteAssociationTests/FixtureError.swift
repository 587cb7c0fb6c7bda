/// A fixture file that could not be read or understood, with its path: thrown inside a test
/// (never a crash), so the run goes on and the failing test says which file to fix.
struct FixtureError: Error, CustomStringConvertible {
    /// The fixture's path.
    var path: String
    /// What went wrong: the file system's error, or what the file should have held.
    var reason: String

    var description: String { "cannot use the fixture \(path): \(reason)" }
}
