import Foundation
import LandfallLinks
import LandfallStorage
import LandfallWebhooks

/// The endpoint form of the dashboard (`/webhooks`, `/webhooks/{id}`) as a value: the URL,
/// the events checked and the description as typed, and what is wrong with them by field
/// (`url`, `events`, `description`).
///
/// Each event is a checkbox of its own, named `event.TYPE` (`event.link.created`, and
/// `event.*` for all events), since a form keeps the first value of a name sent twice. The
/// URL is checked by ``WebhookURL`` with the site's `webhooks.allowPrivateNetworks`, the
/// events by ``WebhookEventSelection``, as the API and `landfall webhooks add` check them.
///
/// ```swift
/// var form = WebhookForm(form: DashboardForm(fields: ["url": "http://10.0.0.1/hook", "event.*": "on"]))
/// form.checked(allowPrivateNetworks: false)   // nil
/// form.errors["url"]                          // what WebhookURL says of a private address
/// ```
struct WebhookForm: Sendable {
    /// The longest description accepted (as `landfall webhooks add --description`).
    static let maximumDescriptionLength = WebhookEndpointDraft.maximumDescriptionLength
    /// The name of the checkbox that stands for every event type, present and future.
    static let allEvents = "*"

    /// The URL as typed (spaces around it dropped).
    var url: String
    /// The names checked: event types, or ``allEvents``.
    var events: Set<String>
    /// The description as typed (spaces around it dropped).
    var description: String
    /// What is wrong with a field, by field name.
    var errors: [String: String] = [:]

    /// The form as posted.
    init(form: DashboardForm) {
        url = (form["url"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        description = (form["description"] ?? "").trimmingCharacters(in: .whitespaces)
        events = Set(form.fields.compactMap { name, value in
            name.hasPrefix("event.") && !value.isEmpty ? String(name.dropFirst("event.".count)) : nil
        })
    }

    /// The form filled in with `endpoint`, for editing it.
    init(endpoint: WebhookEndpoint) {
        url = endpoint.url
        events = Set(endpoint.events.names)
        description = endpoint.description
    }

    /// An empty form, for a new endpoint.
    init() {
        url = ""
        events = []
        description = ""
    }

    /// The checked URL, events and description, or `nil` with ``errors`` saying what is wrong
    /// with each field (every field is checked, not only the first wrong one).
    mutating func checked(allowPrivateNetworks: Bool) -> (url: WebhookURL, events: WebhookEventSelection, description: String)? {
        errors = [:]
        var checkedURL: WebhookURL?
        if url.isEmpty {
            errors["url"] = "Give the URL to send the events to, such as https://crm.example.com/landfall."
        } else {
            do {
                checkedURL = try WebhookURL(url, allowPrivateNetworks: allowPrivateNetworks)
            } catch {
                errors["url"] = Self.sentence(error.message)
            }
        }
        var selection: WebhookEventSelection?
        if events.isEmpty {
            errors["events"] = "Choose at least one event, or “All events, including future ones”."
        } else if events.contains(Self.allEvents), events.count > 1 {
            errors["events"] = "“All events, including future ones” already has every type: check it alone, or uncheck it and choose types."
        } else {
            do {
                selection = try WebhookEventSelection(events.sorted())
            } catch {
                errors["events"] = Self.sentence(error.message)
            }
        }
        if let problem = WebhookEndpointDraft.descriptionProblem(description) {
            errors["description"] = "The description \(problem)."
        }
        guard errors.isEmpty, let checkedURL, let selection else { return nil }
        return (checkedURL, selection, description)
    }

    /// The checkboxes of the form: “All events” first, then each subscribable type with its
    /// meaning, checked as typed.
    var eventRows: [[String: Any]] {
        let invalid = errors["events"] != nil
        var rows: [[String: Any]] = [[
            "name": "event.\(Self.allEvents)", "id": "event-all", "label": "All events, including future ones",
            "meaning": "Every type below, and types added by later versions of Landfall.",
            "checked": events.contains(Self.allEvents), "invalid": invalid, "all": true,
        ]]
        for type in WebhookEventType.subscribable {
            rows.append([
                "name": "event.\(type.rawValue)", "id": Self.checkboxID(type), "label": type.rawValue, "meaning": type.meaning,
                "checked": events.contains(type.rawValue), "invalid": invalid,
            ])
        }
        return rows
    }

    /// The form's values for a template: `url`, `description`, `events` (``eventRows``) and
    /// `urlError`, `eventsError`, `descriptionError` when a field is wrong.
    var values: [String: Any] {
        var values: [String: Any] = [
            "url": url, "description": description, "events": eventRows, "maximumDescriptionLength": Self.maximumDescriptionLength,
        ]
        for (field, message) in errors { values[field + "Error"] = message }
        return values
    }

    /// The id of the checkbox of `type`: `event-link-created`.
    static func checkboxID(_ type: WebhookEventType) -> String {
        "event-" + type.rawValue.replacingOccurrences(of: ".", with: "-")
    }

    /// `message` as a sentence: its first letter a capital, a full stop at the end.
    static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        let capitalised = first.uppercased() + message.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }
}
