import Foundation

/// A bar chart of counts per day, drawn as SVG on the server (no chart library, no script):
/// one bar per day, the highest at full height, each with its day and count as a tooltip.
/// Shown as an image, so it scales to the page's width; its labels (``highest``, the first
/// and last day) are written by the page around it.
struct DailyChart {
    /// The days, oldest first, with their counts.
    let days: [(day: String, count: Int)]

    static let width = 720
    static let height = 180

    /// The chart as SVG.
    var svg: String {
        let top = max(days.map(\.count).max() ?? 0, 1)
        // The labels (the highest count, the first and last day) are the page's text, not the
        // drawing's: text in the drawing would shrink with it on a phone.
        let plotTop = 4.0, plotBottom = Double(Self.height) - 2
        let slot = Double(Self.width) / Double(max(days.count, 1))
        var parts = [##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \##(Self.width) \##(Self.height)">"##]
        parts.append(##"<line x1="0" y1="\##(plotBottom)" x2="\##(Self.width)" y2="\##(plotBottom)" stroke="#d9dde4"/>"##)
        for (index, day) in days.enumerated() {
            let height = (plotBottom - plotTop) * Double(day.count) / Double(top)
            let x = Double(index) * slot + slot * 0.15
            parts.append(##"<rect x="\##(Self.format(x))" y="\##(Self.format(plotBottom - height))" width="\##(Self.format(slot * 0.7))" height="\##(Self.format(height))" fill="#2457d6"><title>\##(day.day): \##(day.count)</title></rect>"##)
        }
        parts.append("</svg>")
        return parts.joined()
    }

    /// The highest count: the top of the scale.
    var highest: Int { days.map(\.count).max() ?? 0 }

    /// The chart as a `data:` URL for an `<img>`.
    var dataURL: String {
        "data:image/svg+xml;base64," + Data(svg.utf8).base64EncodedString()
    }

    /// The chart in words, for the image's `alt`.
    var text: String {
        let total = days.reduce(0) { $0 + $1.count }
        let busiest = days.max { $0.count < $1.count }
        guard let busiest, total > 0 else { return "No clicks in these \(days.count) days." }
        return "\(total) clicks in \(days.count) days; the most, \(busiest.count), on \(busiest.day)."
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}
