import ArgumentParser
import Foundation
import LandfallLinks
import LandfallServer
import LandfallStorage

/// `landfall links qr LINK --output code.png`: the QR code `GET /v1/links/{id}/qr` draws.
struct LinksQRCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "qr",
        abstract: "Write a link's QR code as PNG or SVG.",
        discussion: """
            Draws the link's short URL as GET /v1/links/{id}/qr does, with the same options: \
            --size pixels per module (\(QRCodeOptionRanges.size), default 8), --margin the quiet \
            zone in modules (\(QRCodeOptionRanges.margin), default 4; keep 4 for print), --ecc \
            the error-correction level (L, M, Q or H, default M; H survives a logo over the \
            middle). The format follows the file's extension (.png or .svg), or --format; \
            --output - writes to standard output (PNG unless --format svg).

            Examples:
              landfall links qr winter --output winter.png
              landfall links qr https://go.daily.example.com/winter --output winter.svg --ecc H
              landfall links qr winter --output - --size 4 > winter.png
            """
    )

    @Argument(help: ArgumentHelp("The link: its id, short URL or slug.", valueName: "link"))
    var link: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write (.png or .svg), or - for standard output.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("Pixels per module (\(QRCodeOptionRanges.size)).", valueName: "n"))
    var size = QRCodeOptions().moduleSize

    @Option(help: ArgumentHelp("The quiet zone around the code, in modules (\(QRCodeOptionRanges.margin)).", valueName: "n"))
    var margin = QRCodeOptions().margin

    @Option(help: ArgumentHelp("The error-correction level: L, M, Q or H.", valueName: "level"))
    var ecc = "M"

    @Option(help: ArgumentHelp("png or svg; by default from --output's extension.", valueName: "format"))
    var format: String?

    @OptionGroup var site: LinkSiteOptions

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        _ = try options()
    }

    /// The drawing options, each checked against the ranges the API uses.
    func options() throws(ValidationError) -> QRCodeOptions {
        var options = QRCodeOptions()
        guard QRCodeOptionRanges.sizeRange.contains(size) else {
            throw ValidationError("--size must be from \(QRCodeOptionRanges.size) pixels per module; it is \(size)")
        }
        guard QRCodeOptionRanges.marginRange.contains(margin) else {
            throw ValidationError("--margin must be from \(QRCodeOptionRanges.margin) modules; it is \(margin)")
        }
        guard let level = QRCodeOptions.errorCorrection(named: ecc) else {
            throw ValidationError("--ecc must be L, M, Q or H; '\(ecc)' is not")
        }
        options.moduleSize = size
        options.margin = margin
        options.errorCorrection = level
        if let format {
            guard let chosen = QRCodeOptions.Format(rawValue: format.lowercased()) else {
                throw ValidationError("--format must be png or svg; '\(format)' is not")
            }
            options.format = chosen
        } else if output != "-" {
            let fileExtension = URL(fileURLWithPath: output).pathExtension.lowercased()
            guard let chosen = QRCodeOptions.Format(rawValue: fileExtension) else {
                throw ValidationError("--output must end in .png or .svg (or give --format png|svg); '\(output)' does not")
            }
            options.format = chosen
        }
        return options
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        guard let site = self.site.site(in: context, into: &output) else { return output }
        let options: QRCodeOptions
        do {
            options = try self.options()
        } catch {
            output.fail(error.message, status: .usageOrInputError)
            return output
        }
        let reference = link
        guard let (link, image) = await LinkCommandSupport.withWriter(storage, site: site, mustExist: true, in: context, into: &output, option: { "--\($0)" }, { _, storage in
            let link = try await LinkCommandSupport.link(reference, site: site, storage: storage)
            return (link, try options.image(of: link.url))
        }) else { return output }
        if self.output == "-" {
            if options.format == .svg {
                output.standardOutput = String(decoding: image, as: UTF8.self)
            } else {
                FileHandle.standardOutput.write(Data(image))
            }
            return output
        }
        do {
            try Data(image).write(to: URL(fileURLWithPath: self.output), options: .atomic)
        } catch {
            output.fail("cannot write \(self.output): \(error.localizedDescription)", status: .usageOrInputError)
            return output
        }
        output.printError("Wrote the QR code of \(TerminalText.visible(link.url)) to \(self.output) (\(options.format.rawValue.uppercased()), \(image.count) bytes).")
        return output
    }
}

/// The ranges of the QR code's options, from LandfallQR (as the API takes them).
enum QRCodeOptionRanges {
    static var sizeRange: ClosedRange<Int> { QRCodeOptions.moduleSizeRange }
    static var marginRange: ClosedRange<Int> { QRCodeOptions.marginRange }
    static var size: String { "\(sizeRange.lowerBound) to \(sizeRange.upperBound)" }
    static var margin: String { "\(marginRange.lowerBound) to \(marginRange.upperBound)" }
}
