import Hummingbird
import LandfallQR

/// The QR code's options on a link's page (`/links/{id}?size=12&ecc=H`), read with the API's
/// own checks (``QRCodeOptions``): what the image and download links draw, and what the small
/// form shows again, with the API's words next to a value it refused.
struct LinkQRForm {
    /// The options to draw with: the defaults when the query was refused.
    var options = QRCodeOptions()
    /// The refusal, if the query had a bad value.
    var problem: APIError?
    /// What was typed, kept in the form.
    var typedSize: String?
    var typedECC: String?

    /// Reads the options of a page's query.
    init(_ request: Request) {
        let query = request.uri.queryParameters
        typedSize = query["size"].map(String.init)
        typedECC = query["ecc"].map(String.init)
        do {
            options = try QRCodeOptions(request)
        } catch {
            problem = error
        }
    }

    /// The query the QR code's links carry (`?size=12&ecc=H`), empty for the defaults.
    var query: String {
        let defaults = QRCodeOptions()
        var parts: [String] = []
        if options.moduleSize != defaults.moduleSize { parts.append("size=\(options.moduleSize)") }
        if options.margin != defaults.margin { parts.append("margin=\(options.margin)") }
        if options.errorCorrection != defaults.errorCorrection { parts.append("ecc=\(options.errorCorrection)") }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }

    /// The template's values: the query, the form's fields and a refusal next to its field.
    var values: [String: Any] {
        let chosen = problem == nil ? "\(options.errorCorrection)" : (typedECC?.uppercased() ?? "\(options.errorCorrection)")
        var values: [String: Any] = [
            "qrQuery": query,
            "qrSize": typedSize ?? "\(options.moduleSize)",
            "sizeMin": QRCodeOptions.moduleSizeRange.lowerBound, "sizeMax": QRCodeOptions.moduleSizeRange.upperBound,
            "eccChoices": QRErrorCorrection.allCases.map { level -> [String: Any] in
                var choice: [String: Any] = ["value": "\(level)", "label": Self.label(of: level)]
                if "\(level)" == chosen { choice["selected"] = true }
                return choice
            },
        ]
        if let problem {
            switch problem.field {
            case "size": values["sizeError"] = problem.message
            case "ecc": values["eccError"] = problem.message
            default: values["otherError"] = problem.message
            }
        }
        return values
    }

    /// `M (15 %)`: the letter and about how much of the code can be restored.
    static func label(of level: QRErrorCorrection) -> String {
        let share = switch level {
        case .low: 7
        case .medium: 15
        case .quartile: 25
        case .high: 30
        }
        return "\(level) (\(share) %)"
    }
}
