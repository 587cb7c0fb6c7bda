import ArgumentParser

/// `--format` of `landfall links export` and `landfall stats export`.
enum ExportFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// RFC 4180 CSV with a header row.
    case csv
    /// One JSON document.
    case json
}
