import Foundation
import LandfallSite

/// Where a generated app-side file goes: standard output, or merged into the app's own file
/// (written atomically, and only when it changes), or with `--dry-run` shown as a diff.
enum AppFileOutput {
    /// Prints `generated`, or merges it into `options.merge` with `merge`.
    ///
    /// With `--merge`, each note of the merge is printed as a warning on standard error, and a
    /// line on standard output says what happened to the file (`merged into app.json`,
    /// `app.json already up to date`). A file that cannot be read or merged ends with status 2
    /// and is left as it was.
    static func deliver(generated: String, options: AppFileOptions, in context: CommandContext, into output: inout CommandOutput,
                        merge: (String) throws(AppFileMergeError) -> AppFileMerge) {
        guard let path = options.merge else {
            output.standardOutput += generated
            return
        }
        let input: InputFile
        do {
            input = try InputFile.read(path, in: context)
        } catch {
            output.fail(error.description, status: .usageOrInputError)
            return
        }
        guard let original = String(bytes: input.bytes, encoding: .utf8) else {
            output.fail("\(path) is not UTF-8 text", status: .usageOrInputError)
            return
        }
        let merged: AppFileMerge
        do {
            merged = try merge(original)
        } catch {
            output.fail("cannot merge into \(path): \(error.description)", status: .usageOrInputError)
            return
        }
        for note in merged.notes { output.printError("warning: \(TerminalText.visible(note))") }
        if options.dryRun {
            let diff = TextDiff.unified(old: original, new: merged.text, oldName: "a/" + path, newName: "b/" + path)
            output.standardOutput += diff.isEmpty ? "\(path) is up to date; --merge would change nothing\n" : diff
            return
        }
        guard merged.text != original else {
            output.print("\(path) is up to date")
            return
        }
        do {
            try Data(merged.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            output.fail("cannot write \(path): \(error.localizedDescription)", status: .usageOrInputError)
            return
        }
        output.print("merged into \(path)")
    }
}
