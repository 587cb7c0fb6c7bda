import LandfallJSON

extension LinkDraft {
    /// The fields a flat list of texts can give (a CSV row, a form, command-line options),
    /// named as the API's JSON paths: `target`, `slug`, `host`, `overrides.ios`, …,
    /// `maxClicks`, `disabled`, `card`; `data.KEY` gives one entry of `data`.
    public static let flatFields = [
        "target", "slug", "host", "overrides.ios", "overrides.android", "overrides.desktop",
        "preview.title", "preview.description", "preview.imageURL",
        "campaign.source", "campaign.medium", "campaign.name", "campaign.term", "campaign.content",
        "expiresAt", "maxClicks", "disabled", "card",
    ]

    /// Shorter names accepted for some ``flatFields`` (a spreadsheet's column headings).
    public static let flatFieldAliases = [
        "ios": "overrides.ios", "android": "overrides.android", "desktop": "overrides.desktop",
        "title": "preview.title", "description": "preview.description", "image": "preview.imageURL",
        "campaign": "campaign.name", "expires": "expiresAt",
    ]

    /// The field a name stands for: one of ``flatFields``, an alias of one
    /// (``flatFieldAliases``), or `data.KEY`; matched without regard to case (except a data
    /// key). `nil` for any other name.
    ///
    /// ```swift
    /// LinkDraft.flatField(named: "Title")         // "preview.title"
    /// LinkDraft.flatField(named: "data.invitedBy") // "data.invitedBy"
    /// ```
    public static func flatField(named name: String) -> String? {
        if name.hasPrefix("data."), name.count > 5 { return name }
        let lowered = name.lowercased()
        if let alias = flatFieldAliases[lowered] { return alias }
        return flatFields.first { $0.lowercased() == lowered }
    }

    /// Reads a draft from texts named by the API's field paths (``flatField(named:)``), with
    /// every check of `POST /v1/links`: it builds the JSON body those fields make and reads it
    /// as ``init(json:)`` does. An empty text is a field left out; `maxClicks` is read as a
    /// number and `disabled` as `true` or `false`.
    ///
    /// ```swift
    /// let draft = try LinkDraft(fields: [("target", "https://daily.example.com/"), ("preview.title", "Today"), ("maxClicks", "50")])
    /// draft.preview.title // "Today"
    /// ```
    ///
    /// - Throws: ``InvalidRequestBody`` with each problem named by its field path (`maxClicks`,
    ///   `preview.title`), as the API names them.
    public init(fields: [(field: String, text: String)]) throws(InvalidRequestBody) {
        var top: [(String, JSONValue)] = []
        var groups: [(name: String, members: [(String, JSONValue)])] = []
        for (field, text) in fields where !text.isEmpty {
            let value: JSONValue
            switch field {
            case "maxClicks": value = JSONValue(.number(text))
            case "disabled":
                switch text.lowercased() {
                case "true": value = JSONValue(.bool(true))
                case "false": value = JSONValue(.bool(false))
                default: value = JSONValue(.string(text))
                }
            default: value = JSONValue(.string(text))
            }
            guard let dot = field.firstIndex(of: ".") else {
                top.append((field, value))
                continue
            }
            let group = String(field[..<dot])
            let member = (String(field[field.index(after: dot)...]), value)
            if let index = groups.firstIndex(where: { $0.name == group }) {
                groups[index].members.append(member)
            } else {
                groups.append((group, [member]))
            }
        }
        let body = JSONValue.object(top + groups.map { ($0.name, JSONValue.object($0.members)) })
        var reader = BodyReader()
        guard let draft = Self.read(body, at: [], into: &reader), reader.errors.isEmpty else {
            throw InvalidRequestBody(errors: reader.errors)
        }
        self = draft
    }
}
