import AppSiteAssociation
import DeepLinkRouting
import Foundation
import LandfallJSON

/// What keeps a route's content hidden until its moment: a day in a path parameter (hidden
/// until midnight of that day), or a date-time in a content field (hidden until then), both
/// counted in the site's time zone unless the embargo names its own.
///
/// ```yaml
/// embargo: {day: date}                   # /puzzle/:date is hidden before that day starts
/// embargo: {field: publishAt}            # content's "publishAt" decides
/// embargo: {day: date, timeZone: Pacific/Kiritimati}
/// ```
public struct Embargo: Sendable, Hashable {
    /// What the moment is read from.
    public enum Source: Sendable, Hashable {
        /// The path parameter with this name, of type `day`.
        case dayParameter(String)
        /// The content field with this name: `2025-10-25` or an ISO 8601 date-time such as
        /// `2025-10-25T09:00:00Z` or `2025-10-25T09:00:00-05:00`; without an offset, a
        /// date-time is read in the embargo's time zone.
        case contentField(String)
    }

    /// What the moment is read from.
    public var source: Source
    /// The embargo's time zone; the site's when `nil`.
    public var timeZone: TimeZone?

    /// Creates an embargo.
    public init(_ source: Source, timeZone: TimeZone? = nil) {
        self.source = source
        self.timeZone = timeZone
    }

    /// Whether a request for the route is embargoed at `now`.
    ///
    /// For a day parameter the answer does not depend on whether content exists, so a
    /// future day cannot be told apart from a day without content. For a content field, an
    /// embargo with no content is not embargoed (there is nothing to hide); a field that is
    /// present but unreadable embargoes the content (better hidden than spoiled), and
    /// ``SiteConfigurationReader`` does not see content, so the server logs it.
    ///
    /// - Parameters:
    ///   - parameters: The route's path parameters as text.
    ///   - content: The content (a JSON object), if the route has content.
    ///   - now: The current time.
    ///   - siteTimeZone: The site's time zone, used when the embargo names none.
    public func isEmbargoed(parameters: [String: String], content: JSONValue?, now: Date,
                            siteTimeZone: TimeZone) -> Bool {
        guard let release = releaseMoment(parameters: parameters, content: content, siteTimeZone: siteTimeZone) else {
            switch source {
            case .dayParameter: return true     // the router already checked the day; be safe
            case .contentField(let field): return content?[field] != nil
            }
        }
        return now < release
    }

    /// The moment the content becomes visible, or `nil` when it cannot be read (or there is
    /// no content field to read).
    public func releaseMoment(parameters: [String: String], content: JSONValue?, siteTimeZone: TimeZone) -> Date? {
        let zone = timeZone ?? siteTimeZone
        switch source {
        case .dayParameter(let name):
            guard let text = parameters[name], let day = CalendarDay(text) else { return nil }
            return Self.startOfDay(day, in: zone)
        case .contentField(let field):
            guard let text = content?[field]?.stringValue else { return nil }
            return Self.moment(text, in: zone)
        }
    }

    /// Midnight at the start of `day` in `zone`.
    public static func startOfDay(_ day: CalendarDay, in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
    }

    /// Reads `2025-10-25`, `2025-10-25T09:00`, `2025-10-25T09:00:00`, with an optional
    /// fraction and an optional `Z` or `±hh:mm` offset; without an offset the time is in `zone`.
    public static func moment(_ text: String, in zone: TimeZone) -> Date? {
        if let day = CalendarDay(text) { return startOfDay(day, in: zone) }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 16, scalars[10] == "T" || scalars[10] == " ",
              let day = CalendarDay(String(String.UnicodeScalarView(scalars[0..<10]))) else { return nil }
        var rest = String(String.UnicodeScalarView(scalars[11...]))
        var offsetSeconds: Int?
        if rest.hasSuffix("Z") {
            offsetSeconds = 0
            rest.removeLast()
        } else if let signIndex = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let offsetText = rest[rest.index(after: signIndex)...]
            let parts = offsetText.split(separator: ":")
            guard (parts.count == 2 && parts.allSatisfy { $0.count == 2 }) || (parts.count == 1 && offsetText.count == 4),
                  let hours = Int(parts.count == 2 ? parts[0] : offsetText.prefix(2)),
                  let minutes = Int(parts.count == 2 ? parts[1] : offsetText.suffix(2)),
                  hours < 24, minutes < 60 else { return nil }
            offsetSeconds = (hours * 3600 + minutes * 60) * (rest[signIndex] == "-" ? -1 : 1)
            rest = String(rest[..<signIndex])
        }
        let timeParts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard timeParts.count == 2 || timeParts.count == 3,
              timeParts[0].count == 2, timeParts[1].count == 2,
              let hour = Int(timeParts[0]), let minute = Int(timeParts[1]), hour < 24, minute < 60 else { return nil }
        var second = 0.0
        if timeParts.count == 3 {
            guard timeParts[2].count >= 2, let value = Double(timeParts[2]), value >= 0, value < 61,
                  timeParts[2].first?.isNumber == true else { return nil }
            second = value
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = offsetSeconds.flatMap { TimeZone(secondsFromGMT: $0) } ?? zone
        let whole = Int(second)
        guard let base = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day,
                                                            hour: hour, minute: minute, second: whole)) else { return nil }
        return base.addingTimeInterval(second - Double(whole))
    }
}
