import Foundation
import LandfallJSON
import LandfallLinks

/// The form that creates a batch of invitations, read into the API's ``InvitationBatchDraft``
/// with the API's checks: the fields are those of `POST /v1/invites` (`count`, `uses`,
/// `expiresAt`, `note`, `campaign`), turned into its JSON body and read by
/// ``InvitationBatchDraft/init(json:)``, so each refusal is the API's, next to its field.
///
/// The form adds only what a form needs: an empty field is a field left out (`uses` 1, no
/// expiry, no note or campaign), a number that is not a whole number is refused in words, and
/// `expiresAt` may be what a `datetime-local` input sends (`2026-12-31T23:59`, read as UTC) or a
/// day (`2026-12-31`, midnight UTC) as well as an RFC 3339 time.
///
/// ```swift
/// let form = InvitationBatchForm(fields: ["count": "50", "uses": "", "expiresAt": "2026-12-31T00:00", "campaign": "beta"])
/// switch form.draft(now: now) {
/// case .success(let draft): draft.count          // 50
/// case .failure(let problems): problems["count"] // "must be at most 10000, found 20000"
/// }
/// ```
struct InvitationBatchForm: Sendable {
    /// The form's fields, in the order the page shows them.
    static let fields = ["count", "uses", "expiresAt", "campaign", "note"]

    /// What was typed, by field name (absent fields are empty).
    let values: [String: String]

    init(fields: [String: String]) {
        values = Dictionary(uniqueKeysWithValues: Self.fields.map { ($0, fields[$0] ?? "") })
    }

    /// A problem with each field at fault, by field name: what is wrong and what is expected.
    struct Problems: Error, Sendable {
        var byField: [String: String]
    }

    /// The batch to create at `now`, or every field's problem.
    func draft(now: Date) -> Result<InvitationBatchDraft, Problems> {
        var problems: [String: String] = [:]
        var members: [(String, JSONValue)] = []
        // count is required: a placeholder keeps the reader from calling it missing when the
        // form has already said what is wrong with it.
        switch Self.wholeNumber(values["count", default: ""]) {
        case .empty: problems["count"] = "missing; give how many invitations to create, from 1 to \(InvitationLimits.batchCount.upperBound)"
        case .wrong(let problem): problems["count"] = problem
        case .number(let literal): members.append(("count", JSONValue(.number(literal))))
        }
        if problems["count"] != nil { members.append(("count", .integer(1))) }
        switch Self.wholeNumber(values["uses", default: ""]) {
        case .empty: break
        case .wrong(let problem): problems["uses"] = problem
        case .number(let literal): members.append(("uses", JSONValue(.number(literal))))
        }
        let expiryText = Self.trimmed(values["expiresAt", default: ""])
        if !expiryText.isEmpty {
            if let time = DashboardTime.rfc3339(typed: expiryText) {
                members.append(("expiresAt", .string(time)))
            } else {
                problems["expiresAt"] = Self.expiryExpected(expiryText)
            }
        }
        for name in ["note", "campaign"] {
            // A textarea sends its line breaks as CR LF; the API stores plain line breaks.
            let text = Self.trimmed(values[name, default: ""].replacingOccurrences(of: "\r\n", with: "\n"))
            if !text.isEmpty { members.append((name, .string(text))) }
        }
        let body = JSONWriter.compact.string(for: .object(members))
        do {
            let draft = try InvitationBatchDraft(json: Array(body.utf8))
            if let problem = draft.expiryProblem(at: now) { problems[problem.field] = problem.message }
            return problems.isEmpty ? .success(draft) : .failure(Problems(byField: problems))
        } catch {
            for problem in error.errors where problems[problem.field] == nil {
                problems[problem.field] = problem.field == "expiresAt" ? Self.expiryExpected(expiryText) : problem.message
            }
            // Other fields' problems do not hide an expiry in the past: it is read on its own.
            if problems["expiresAt"] == nil, let time = members.first(where: { $0.0 == "expiresAt" })?.1,
               let alone = try? InvitationBatchDraft(json: Array(JSONWriter.compact.string(for: .object([("count", .integer(1)), ("expiresAt", time)])).utf8)),
               let problem = alone.expiryProblem(at: now) {
                problems[problem.field] = problem.message
            }
            return .failure(Problems(byField: problems))
        }
    }

    /// What a number field holds.
    enum NumberField: Equatable {
        /// Nothing: the field is left out.
        case empty
        /// A whole number, as a JSON literal.
        case number(String)
        /// Not a whole number: what is wrong.
        case wrong(String)
    }

    /// What the number field `text` holds.
    static func wholeNumber(_ text: String) -> NumberField {
        let trimmed = Self.trimmed(text)
        guard !trimmed.isEmpty else { return .empty }
        let digits = trimmed.hasPrefix("-") ? trimmed.dropFirst() : trimmed[...]
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(trimmed) else {
            return .wrong("must be a whole number such as 10; '\(Self.shown(trimmed))' is not")
        }
        return .number(String(number))
    }

    /// What the expiry field takes, for a `text` it cannot read.
    static func expiryExpected(_ text: String) -> String {
        "must be a date and time in UTC such as 2026-12-31T23:59, a day such as 2026-12-31, or an RFC 3339 time; '\(shown(text))' is none of these"
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `text` cut to 40 characters, for a message.
    private static func shown(_ text: String) -> String {
        text.count > 40 ? text.prefix(40) + "…" : text
    }
}
