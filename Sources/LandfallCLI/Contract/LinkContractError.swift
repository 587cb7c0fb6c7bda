/// Why a contract file cannot be used: the place in the file (its YAML path and line) and what
/// to write instead.
///
/// ```
/// contract.yml:7: cases[1].opnes: unknown key 'opnes'; did you mean 'opens'?
/// ```
struct LinkContractError: Error, CustomStringConvertible, Equatable {
    /// The contract file as messages name it.
    var file: String
    /// The line (from 1), when the problem is at one.
    var line: Int?
    /// The YAML path (`cases[1].opens`), empty for the whole file.
    var path: String
    /// What is wrong and how to fix it.
    var message: String

    /// `file:line: path: message`.
    var description: String {
        file + (line.map { ":\($0)" } ?? "") + ": " + (path.isEmpty ? "" : path + ": ") + message
    }
}
