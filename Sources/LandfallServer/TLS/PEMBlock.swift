/// One `-----BEGIN LABEL----- ... -----END LABEL-----` block of a PEM file, as written, with
/// its label: what ``ServerCertificate`` splits a certificate or key file into, so an error can
/// say which block is wrong and a file may hold other blocks (`EC PARAMETERS`) beside the one
/// it is read for.
struct PEMBlock: Hashable, Sendable {
    /// `CERTIFICATE`, `PRIVATE KEY`, `EC PRIVATE KEY`, ...
    var label: String
    /// The block from its BEGIN line to its END line.
    var text: String

    /// The blocks of `text` in order; text outside blocks is ignored (as OpenSSL does), and a
    /// BEGIN line with no END line of the same label ends the list.
    static func blocks(in text: String) -> [PEMBlock] {
        var blocks: [PEMBlock] = []
        var rest = Substring(text)
        while let begin = rest.range(of: "-----BEGIN ") {
            let afterBegin = rest[begin.upperBound...]
            guard let labelEnd = afterBegin.range(of: "-----") else { break }
            let label = String(afterBegin[..<labelEnd.lowerBound])
            guard let end = afterBegin.range(of: "-----END \(label)-----") else { break }
            blocks.append(PEMBlock(label: label, text: String(rest[begin.lowerBound..<end.upperBound]) + "\n"))
            rest = afterBegin[end.upperBound...]
        }
        return blocks
    }
}
