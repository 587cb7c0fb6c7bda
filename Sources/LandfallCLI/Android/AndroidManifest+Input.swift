import AppSiteAssociation

extension AndroidManifest {
    /// The manifest named on the command line (a path, or `-` for standard input), read as
    /// `landfall android match`, `landfall doctor --manifest` and contracts' `manifest:` read
    /// it, with the file it came from.
    ///
    /// - Throws: ``InputError`` when the file cannot be read, or is not well-formed XML with a
    ///   `<manifest>` root (`cannot read "AndroidManifest.xml": it is not a readable
    ///   AndroidManifest.xml: line 3, column 1: ...`).
    static func read(_ argument: String, in context: CommandContext) throws(InputError) -> (manifest: AndroidManifest, input: InputFile) {
        let input = try InputFile.read(argument, in: context)
        do {
            return (try AndroidManifest(bytes: input.bytes), input)
        } catch {
            throw InputError(input: input.displayName, reason: "it is not a readable AndroidManifest.xml: \(error)")
        }
    }
}
