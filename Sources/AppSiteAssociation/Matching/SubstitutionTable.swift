/// The substitution variables a pattern may use: the file's own `substitutionVariables` and
/// Apple's built-ins (`$(alpha)`, `$(upper)`, `$(lower)`, `$(alnum)`, `$(digit)`, `$(xdigit)`,
/// `$(region)`, `$(lang)`). A name the file defines shadows a built-in of the same name.
public struct SubstitutionTable: Sendable {
    /// The file's variables by name.
    public var defined: [String: [String]]

    /// A table with only the built-ins.
    public static let builtinsOnly = SubstitutionTable(defined: [:])

    /// Creates a table from the file's variables (later duplicates replace earlier ones).
    public init(_ variables: [SubstitutionVariable]?) {
        var table: [String: [String]] = [:]
        for variable in variables ?? [] { table[variable.name] = variable.values }
        self.defined = table
    }

    /// Creates a table from a dictionary of variables.
    public init(defined: [String: [String]]) {
        self.defined = defined
    }

    /// What `$(name)` stands for, or `nil` when the name is neither defined nor built in.
    func meaning(of name: String) -> VariableMeaning? {
        if let values = defined[name] { return .values(values) }
        if let builtin = BuiltinVariable(rawValue: name) { return builtin.meaning }
        return nil
    }
}

/// What a substitution variable stands for.
enum VariableMeaning {
    /// Any one of these strings (which may contain `*` and `?`).
    case values([String])
    /// Exactly one character of this class.
    case characterClass(CharacterClass)
}
