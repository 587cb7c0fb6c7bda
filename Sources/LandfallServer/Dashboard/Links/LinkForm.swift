import Foundation
import LandfallLinks

/// The link form of the dashboard (`/links/new`, `/links/{id}/edit`) as a value: the texts typed
/// in each field, by the field's name, and what is wrong with them, by the same name.
///
/// It reads a posted form into a ``LinkDraft`` with every check of `POST /v1/links` (through
/// ``LinkDraft/init(fields:)``, after its own checks of what a form adds: a date and time read
/// as UTC, a whole number, `KEY=VALUE` lines), and names each refusal by the form field at
/// fault, translating the API's names (`expiresAt` is `expires_at`).
///
/// ```swift
/// var form = LinkForm(form: DashboardForm(fields: ["target": "https://daily.example.com/", "max_clicks": "ten"]))
/// form.draft()                 // nil
/// form.errors["max_clicks"]    // "'ten' is not a whole number; give one such as 1000, or leave it empty for no limit."
/// ```
struct LinkForm: Sendable {
    /// Each field of the form and the API field it gives, in the form's order (`data` gives
    /// `data.KEY` for each of its lines).
    static let fields: [(name: String, api: String)] = [
        ("target", "target"), ("slug", "slug"), ("host", "host"),
        ("ios_url", "overrides.ios"), ("android_url", "overrides.android"), ("desktop_url", "overrides.desktop"),
        ("title", "preview.title"), ("description", "preview.description"), ("image_url", "preview.imageURL"),
        ("utm_source", "campaign.source"), ("utm_medium", "campaign.medium"), ("utm_campaign", "campaign.name"),
        ("utm_term", "campaign.term"), ("utm_content", "campaign.content"),
        ("expires_at", "expiresAt"), ("max_clicks", "maxClicks"), ("disabled", "disabled"), ("data", "data"),
        ("card", "card"),
    ]

    /// The texts as typed, by field name.
    var values: [String: String]
    /// What is wrong with a field, by field name; `""` for a problem of the whole form.
    var errors: [String: String] = [:]

    /// The form as posted (spaces around each text dropped).
    init(form: DashboardForm) {
        var values: [String: String] = [:]
        for (name, _) in Self.fields {
            values[name] = form[name]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }
        self.values = values
    }

    /// The form filled in with `link`, for editing it.
    init(link: ShortLink) {
        values = [
            "target": link.target, "slug": link.slug, "host": link.host,
            "ios_url": link.overrides.ios ?? "", "android_url": link.overrides.android ?? "", "desktop_url": link.overrides.desktop ?? "",
            "title": link.preview.title ?? "", "description": link.preview.description ?? "", "image_url": link.preview.imageURL ?? "",
            "utm_source": link.campaign.source ?? "", "utm_medium": link.campaign.medium ?? "", "utm_campaign": link.campaign.name ?? "",
            "utm_term": link.campaign.term ?? "", "utm_content": link.campaign.content ?? "",
            "expires_at": link.expiresAt.map(DashboardTime.fieldValue) ?? "", "max_clicks": link.maxClicks.map(String.init) ?? "",
            "disabled": link.isDisabled ? "on" : "",
            "data": link.data.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n"),
            "card": link.card ?? "",
        ]
    }

    /// An empty form, for a new link.
    init() {
        values = Dictionary(uniqueKeysWithValues: Self.fields.map { ($0.name, "") })
    }

    subscript(_ name: String) -> String { values[name] ?? "" }

    /// The draft the form describes, or `nil` with ``errors`` saying what is wrong with each
    /// field (every problem the reading finds, not only the first).
    mutating func draft() -> LinkDraft? {
        var texts: [(field: String, text: String)] = []
        for (name, api) in Self.fields where name != "data" && name != "expires_at" && name != "disabled" {
            texts.append((api, self[name]))
        }
        let clicks = self["max_clicks"]
        if !clicks.isEmpty, Int(clicks) == nil, !clicks.allSatisfy({ $0.isASCII && $0.isNumber }) {
            errors["max_clicks"] = "'\(clicks)' is not a whole number; give one such as 1000, or leave it empty for no limit."
            texts.removeAll { $0.field == "maxClicks" }
        }
        switch Self.expiry(self["expires_at"]) {
        case .success(let text): texts.append(("expiresAt", text))
        case .failure(let problem): errors["expires_at"] = problem.message
        }
        if !self["disabled"].isEmpty { texts.append(("disabled", "true")) }
        for (number, line) in self["data"].split(whereSeparator: \.isNewline).enumerated() {
            let entry = line.trimmingCharacters(in: .whitespaces)
            if entry.isEmpty { continue }
            guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
                errors["data"] = "line \(number + 1): '\(entry)' is not KEY=VALUE; write one entry a line, such as invitedBy=ada."
                continue
            }
            texts.append(("data." + entry[..<equals].trimmingCharacters(in: .whitespaces),
                          entry[entry.index(after: equals)...].trimmingCharacters(in: .whitespaces)))
        }
        do {
            let draft = try LinkDraft(fields: texts)
            return errors.isEmpty ? draft : nil
        } catch {
            for problem in error.errors {
                add(problem.message, forAPIField: problem.field)
            }
            return nil
        }
    }

    /// Records a refusal of the API field `field` (`overrides.ios`, `data["a key"]`) next to
    /// the form field that gives it; a message that starts with the API's field name loses it
    /// (the form shows it next to the field already).
    mutating func add(_ message: String, forAPIField field: String?) {
        let name = field.flatMap(Self.name(forAPIField:)) ?? ""
        var message = message
        if let field, message.hasPrefix(field + ": ") { message.removeFirst(field.count + 2) }
        if let first = message.first, first.isLowercase, name != "" { message = first.uppercased() + message.dropFirst() }
        if name == "expires_at" && message.contains("RFC 3339") {
            message = "'\(self["expires_at"])' is not a date and time; give one such as 2026-12-31 23:59 (UTC)."
        }
        errors[name] = errors[name].map { $0 + " " + message } ?? message
    }

    /// The form field that gives the API field `field`: `expires_at` for `expiresAt`, `data`
    /// for `data.invitedBy`; `nil` for a field the form has not.
    static func name(forAPIField field: String) -> String? {
        if field.hasPrefix("data") { return "data" }
        return fields.first { $0.api == field }?.name
    }

    /// The changes that make `current` what the form describes (`draft`): each field that
    /// differs, set or cleared; the host is never changed.
    static func patch(_ draft: LinkDraft, changing current: ShortLink) -> LinkPatch {
        func change(_ new: String?, _ old: String?) -> PatchField<String> {
            new == old ? .unchanged : new.map { .set($0) } ?? .cleared
        }
        let sameExpiry = draft.expiresAt.map { $0.timeIntervalSince1970.rounded(.down) } == current.expiresAt.map { $0.timeIntervalSince1970.rounded(.down) }
        return LinkPatch(
            target: draft.target == current.target ? nil : draft.target,
            slug: draft.slug == nil || draft.slug == current.slug ? nil : draft.slug,
            overrides: .init(ios: change(draft.overrides.ios, current.overrides.ios), android: change(draft.overrides.android, current.overrides.android),
                             desktop: change(draft.overrides.desktop, current.overrides.desktop)),
            preview: .init(title: change(draft.preview.title, current.preview.title),
                           description: change(draft.preview.description, current.preview.description),
                           imageURL: change(draft.preview.imageURL, current.preview.imageURL)),
            campaign: .init(source: change(draft.campaign.source, current.campaign.source), medium: change(draft.campaign.medium, current.campaign.medium),
                            name: change(draft.campaign.name, current.campaign.name), term: change(draft.campaign.term, current.campaign.term),
                            content: change(draft.campaign.content, current.campaign.content)),
            data: draft.data == current.data ? .unchanged : .set(draft.data),
            expiresAt: sameExpiry ? .unchanged : draft.expiresAt.map { .set($0) } ?? .cleared,
            maxClicks: draft.maxClicks == current.maxClicks ? .unchanged : draft.maxClicks.map { .set($0) } ?? .cleared,
            card: change(draft.card, current.card))
    }

    /// The expiry as the API reads it (RFC 3339), from what a `datetime-local` field sends
    /// (`2026-12-31T23:59`, seconds optional), a space instead of the `T`, or a day alone
    /// (midnight), all read as UTC; an RFC 3339 time with its zone is taken as it is. `""` is
    /// no expiry.
    static func expiry(_ text: String) -> Result<String, ExpiryProblem> {
        if text.isEmpty { return .success("") }
        if let time = DashboardTime.rfc3339(typed: text) { return .success(time) }
        return .failure(ExpiryProblem(message: "'\(text)' is not a date and time; give one such as 2026-12-31 23:59 (UTC)."))
    }

    /// Why an expiry text could not be read.
    struct ExpiryProblem: Error {
        let message: String
    }
}
