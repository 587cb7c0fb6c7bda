extension StorageOptions {
    /// The options to repeat in a command a message suggests, so that it opens the same
    /// database: ` --data-dir DIR` when it is not the default, nothing otherwise (a PostgreSQL
    /// URL is not repeated, since it may hold a password).
    var arguments: String {
        guard databaseURL == nil, dataDirectory != StorageOptions.defaultDataDirectory else { return "" }
        return " --data-dir " + KeysCreateCommand.shellQuoted(dataDirectory)
    }
}
