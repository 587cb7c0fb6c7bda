import ArgumentParser
import LandfallStorage

/// `landfall restore FILE`: puts a backup made by `landfall backup` back as the SQLite
/// database, keeping the one it replaces.
struct RestoreCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put a backup made by landfall backup back as the SQLite database.",
        discussion: """
            Checks FILE first: an SQLite database that passes PRAGMA integrity_check, with \
            Landfall's schema at a version this landfall knows. Refuses while another process \
            (landfall serve) has DIR/landfall.sqlite open: stop the server first. Refuses to \
            replace a database that was modified after FILE was made (its changes would be \
            lost) unless --force.

            The current database is never deleted: it is moved aside to \
            DIR/landfall.sqlite.before-restore-TIMESTAMP (UTC). FILE is copied in under a \
            temporary name and renamed into place, then opened as landfall serve opens it \
            (older schemas are migrated) to prove it works.

            PostgreSQL is restored with pg_restore; see landfall backup --help.

            Exit status: 0 restored, 2 refused or failed (nothing was changed).

            Examples:
              landfall restore backups/landfall-2026-11-26.sqlite
              landfall restore --data-dir /var/lib/landfall /mnt/backup/landfall.sqlite --force
            """
    )

    @Argument(help: ArgumentHelp("The backup file (made by landfall backup).", valueName: "file"))
    var file: String

    @OptionGroup var database: BackupDatabaseOptions

    @Flag(name: .customLong("force"), help: "Replace the database even if it was modified after the backup was made (it is kept aside).")
    var force = false

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        guard let directory = database.sqliteDirectory(in: context, doing: "restore", into: &output) else { return output }
        do {
            let restored = try await SQLiteBackup.restore(file, into: directory, replacingNewer: force)
            let contents = restored.contents
            output.print("restored \(contents.links) links, \(contents.clicks) clicks (schema version \(contents.schemaVersion)) from \(file) to \(restored.database)")
            if let previous = restored.previous {
                output.print("the previous database is kept at \(previous)")
            }
        } catch {
            output.fail(error.message, status: .usageOrInputError)
        }
        return output
    }
}
