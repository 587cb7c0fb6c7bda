import Foundation

/// Reads a file for a card, refusing it beyond a limit before reading it all.
enum CardFile {
    static func read(_ path: String, limit: Int, what: String) throws(CardError) -> [UInt8] {
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw CardError(.fileUnreadable, "\(path): cannot read \(what): \(Self.reason(error))")
        }
        guard size <= limit else {
            throw CardError(what == "a font" ? .fileUnreadable : .imageTooLarge,
                            "\(path): \(size) bytes is more than \(what) may have (\(limit) bytes)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CardError(.fileUnreadable, "\(path): cannot read \(what)")
        }
        return [UInt8](data)
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError { return "no such file" }
        return nsError.localizedDescription
    }
}
