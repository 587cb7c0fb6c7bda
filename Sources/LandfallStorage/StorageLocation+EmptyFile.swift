import Foundation

extension StorageLocation {
    /// The SQLite database file of this location, `landfall.sqlite` in its directory, as
    /// `Storage.open(_:logger:forceNewDatabaseInEmptyFile:)` opens it; `nil` for PostgreSQL.
    public var sqliteFile: String? {
        guard case .sqlite(let directory) = self else { return nil }
        return URL(fileURLWithPath: directory).appendingPathComponent("landfall.sqlite").path
    }

    /// The SQLite database file when it exists and is empty (0 bytes), as a failed copy, a
    /// truncated restore or a full disk leaves it; `nil` otherwise (a missing file, a file with
    /// data, PostgreSQL).
    ///
    /// `Storage.open(_:logger:forceNewDatabaseInEmptyFile:)` refuses such a file unless
    /// forced, so that it is not silently made a new empty database.
    public var emptySQLiteFile: String? {
        guard let file = sqliteFile,
              let values = try? URL(fileURLWithPath: file).resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey]),
              values.isRegularFile == true, values.fileSize == 0 else { return nil }
        return file
    }
}
