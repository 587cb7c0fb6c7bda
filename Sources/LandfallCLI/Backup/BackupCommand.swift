import ArgumentParser
import LandfallStorage

/// `landfall backup --to FILE`: a consistent copy of the SQLite database, taken while
/// `landfall serve` runs.
struct BackupCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the SQLite database safely while landfall serve runs.",
        discussion: """
            Writes a consistent snapshot of DIR/landfall.sqlite (every change committed before \
            the backup started, none after) with SQLite's VACUUM INTO, on a connection of its \
            own: the server keeps serving and writing meanwhile. The copy is written under a \
            temporary name in FILE's folder, checked (PRAGMA integrity_check, Landfall's \
            schema) and only then renamed to FILE, so a failed backup leaves nothing behind. \
            An existing FILE is refused unless --force.

            PostgreSQL (--database-url or $LANDFALL_DATABASE_URL) is refused with the \
            pg_dump recipe: back it up with pg_dump --format=custom.

            Exit status: 0 backed up, 2 refused (no database, FILE exists, PostgreSQL) or failed.

            Examples:
              landfall backup --to backups/landfall-2026-11-26.sqlite
              landfall backup --data-dir /var/lib/landfall --to /mnt/backup/landfall.sqlite --force
              landfall restore backups/landfall-2026-11-26.sqlite   # with landfall serve stopped
            """
    )

    @Option(name: .customLong("to"), help: ArgumentHelp("The backup file to write (its folder must exist).", valueName: "file"))
    var file: String

    @OptionGroup var database: BackupDatabaseOptions

    @Flag(name: .customLong("force"), help: "Replace the backup file if it exists.")
    var force = false

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        guard let directory = database.sqliteDirectory(in: context, doing: "backup", into: &output) else { return output }
        guard !file.isEmpty else {
            output.fail("--to must name the backup file to write; it is empty", status: .usageOrInputError)
            return output
        }
        do {
            let copied = try await SQLiteBackup.backUp(directory: directory, to: file, replacing: force)
            output.print("backed up \(copied.links) links, \(copied.clicks) clicks (schema version \(copied.schemaVersion)) to \(file) (\(copied.sizeText))")
        } catch {
            output.fail(error.message, status: .usageOrInputError)
        }
        return output
    }
}
