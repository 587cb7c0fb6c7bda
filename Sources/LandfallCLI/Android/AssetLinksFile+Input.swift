import AppSiteAssociation

extension AssetLinksFile {
    /// The `assetlinks.json` named on the command line (a path, or `-` for standard input),
    /// as `landfall android match --assetlinks` and contracts' `assetlinks:` read it.
    ///
    /// - Throws: ``InputError`` when the file cannot be read or decoded, pointing at
    ///   `landfall aasa validate` for every problem.
    static func read(_ argument: String, in context: CommandContext) throws(InputError) -> AssetLinksFile {
        let input = try InputFile.read(argument, in: context)
        do {
            return try AssetLinksFile(json: input.bytes)
        } catch {
            throw InputError(input: input.displayName, reason: "it is not a usable assetlinks.json: \(error)\n"
                             + "  run `landfall aasa validate --kind assetlinks \(argument)` for every problem")
        }
    }
}
