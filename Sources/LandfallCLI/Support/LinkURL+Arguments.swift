import AppSiteAssociation

extension LinkURL {
    /// The URLs given on the command line, parsed; each one that is not a URL is written to
    /// `output` as an error and raises its status to 2, and the result is then `nil`.
    static func parsing(arguments texts: [String], into output: inout CommandOutput) -> [LinkURL]? {
        var links: [LinkURL] = []
        var failed = false
        for text in texts {
            do {
                links.append(try LinkURL(parsing: text))
            } catch {
                output.fail(error.description, status: .usageOrInputError)
                failed = true
            }
        }
        return failed ? nil : links
    }
}
