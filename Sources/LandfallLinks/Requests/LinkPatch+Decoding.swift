import AppSiteAssociation
import Foundation
import LandfallJSON
import LandfallWire

extension LinkPatch {
    /// The fields of a link in a request body, in the order they are written.
    static let fields = ["target", "slug", "host", "overrides", "preview", "campaign", "data", "expiresAt", "maxClicks", "disabled", "card"]
    static let overrideFields = ["ios", "android", "desktop"]
    static let previewFields = ["title", "description", "imageURL"]
    static let campaignFields = ["source", "medium", "name", "term", "content"]

    /// Reads the JSON body of `PATCH /v1/links/{id}`.
    ///
    /// - Throws: ``InvalidRequestBody`` with every problem in document order: not JSON (with its
    ///   line and column), not an object, unknown fields (with the closest known name), repeated
    ///   fields, wrong types, `null` for `target`, `slug`, `host` or `disabled`, empty strings,
    ///   bad dates, numbers that are not integers or out of range, and fields over
    ///   ``LinkLimits``.
    public init(json bytes: some Collection<UInt8>) throws(InvalidRequestBody) {
        var reader = BodyReader()
        guard let value = reader.parse(bytes) else { throw InvalidRequestBody(errors: reader.errors) }
        let patch = Self.read(value, at: [], creating: false, into: &reader)
        if reader.errors.isEmpty, value.objectMembers?.isEmpty == true {
            reader.report([], "changes nothing; name at least one field to change, such as {\"disabled\": true}", at: value.location)
        }
        guard reader.errors.isEmpty else { throw InvalidRequestBody(errors: reader.errors) }
        self = patch
    }

    /// What leaving out each optional field of a link to create means, for the message that
    /// refuses `null` for it.
    static let absentWhenCreating: KeyValuePairs<String, String> = [
        "slug": "a random slug", "host": "the site's default link host", "overrides": "no overrides", "preview": "the target page's preview",
        "campaign": "no campaign", "data": "no data", "expiresAt": "a link that never expires", "maxClicks": "no limit of clicks",
        "disabled": "an enabled link", "card": "the target route's card",
    ]

    /// Reads the fields of a link at `path`. When `creating`, a top-level field is given or left
    /// out (`null` is refused, naming the field; inside `overrides`, `preview` and `campaign` it
    /// is the same as leaving the member out); otherwise `null` clears the field, or is an error
    /// for a field that cannot be cleared.
    static func read(_ value: JSONValue, at path: JSONPath, creating: Bool, into reader: inout BodyReader) -> LinkPatch {
        var patch = LinkPatch()
        guard let members = reader.object(value, at: path, fields: fields, what: path.components.isEmpty ? "a JSON object" : "an object")
        else { return patch }
        if creating {
            // Reported here; the reading below takes each of them as absent.
            _ = reader.optionalMembers(members, at: path, absent: absentWhenCreating)
        }

        func required(_ name: String, because reason: String, read: (JSONValue, JSONPath, inout BodyReader) -> String?) -> String? {
            guard let value = members[name] else { return nil }
            if value.isNull {
                if !creating || name == "target" { reader.cannotBeNull(value, at: path.appending(name), because: reason) }
                return nil
            }
            return read(value, path.appending(name), &reader)
        }
        patch.target = required("target", because: "a link always has a target") {
            $2.string($0, at: $1, limit: LinkLimits.urlLength)
        }
        patch.slug = required("slug", because: "a link always has a slug; give the new one to change it") {
            $2.string($0, at: $1)
        }
        patch.host = required("host", because: "a link always has a host; give the new one to move it") {
            $2.string($0, at: $1)
        }
        if let value = members["disabled"] {
            if value.isNull {
                if !creating { reader.cannotBeNull(value, at: path.appending("disabled"), because: "write true or false") }
            } else {
                patch.isDisabled = reader.bool(value, at: path.appending("disabled"))
            }
        }

        if let nested = nestedObject(members["overrides"], at: path.appending("overrides"), fields: overrideFields, creating: creating, into: &reader) {
            let url = { (value: JSONValue, path: JSONPath, reader: inout BodyReader) in reader.string(value, at: path, limit: LinkLimits.urlLength) }
            patch.overrides = PlatformOverrides.Patch(
                ios: nested.field("ios", &reader, url), android: nested.field("android", &reader, url),
                desktop: nested.field("desktop", &reader, url))
        }
        if let nested = nestedObject(members["preview"], at: path.appending("preview"), fields: previewFields, creating: creating, into: &reader) {
            patch.preview = SocialPreview.Patch(
                title: nested.field("title", &reader) { $2.string($0, at: $1, limit: LinkLimits.titleLength) },
                description: nested.field("description", &reader) { $2.string($0, at: $1, limit: LinkLimits.descriptionLength) },
                imageURL: nested.field("imageURL", &reader) { $2.string($0, at: $1, limit: LinkLimits.urlLength) })
        }
        if let nested = nestedObject(members["campaign"], at: path.appending("campaign"), fields: campaignFields, creating: creating, into: &reader) {
            let text = { (value: JSONValue, path: JSONPath, reader: inout BodyReader) in reader.string(value, at: path, limit: LinkLimits.campaignFieldLength) }
            patch.campaign = Campaign.Patch(
                source: nested.field("source", &reader, text), medium: nested.field("medium", &reader, text),
                name: nested.field("name", &reader, text), term: nested.field("term", &reader, text),
                content: nested.field("content", &reader, text))
        }

        let top = NestedObject(members: members, path: path, nullClears: !creating)
        patch.data = top.field("data", &reader) { value, path, reader in readData(value, at: path, into: &reader) }
        patch.expiresAt = top.field("expiresAt", &reader) { $2.date($0, at: $1) }
        patch.maxClicks = top.field("maxClicks", &reader) { $2.integer($0, at: $1, in: LinkLimits.maxClicks) }
        patch.card = top.field("card", &reader) { $2.string($0, at: $1, limit: LinkLimits.cardNameLength) }
        return patch
    }

    /// The members of a nested object (`overrides`, `preview`, `campaign`); `nil` when it is
    /// absent or not an object. `null` clears all its fields, or means absent when creating.
    private static func nestedObject(
        _ value: JSONValue?, at path: JSONPath, fields: [String], creating: Bool, into reader: inout BodyReader
    ) -> NestedObject? {
        guard let value, !(value.isNull && creating) else { return nil }
        if value.isNull {
            return NestedObject(members: Dictionary(uniqueKeysWithValues: fields.map { ($0, JSONValue.null) }), path: path, nullClears: true)
        }
        guard let members = reader.object(value, at: path, fields: fields) else { return nil }
        return NestedObject(members: members, path: path, nullClears: !creating)
    }

    /// `data`: at most ``LinkLimits/dataKeyCount`` string values under non-empty keys.
    private static func readData(_ value: JSONValue, at path: JSONPath, into reader: inout BodyReader) -> [String: String]? {
        guard let members = reader.map(value, at: path) else { return nil }
        var data: [String: String] = [:]
        var valid = true
        if members.count > LinkLimits.dataKeyCount {
            reader.report(path, "has \(members.count) keys; at most \(LinkLimits.dataKeyCount) are allowed", at: value.location)
            valid = false
        }
        for member in members {
            let memberPath = path.appending(member.key)
            if member.key.isEmpty {
                reader.report(memberPath, "the key must not be empty", at: member.keyLocation)
                valid = false
            } else if member.key.unicodeScalars.count > LinkLimits.dataKeyLength {
                reader.report(memberPath, "the key is \(member.key.unicodeScalars.count) characters long; at most \(LinkLimits.dataKeyLength) are allowed",
                              at: member.keyLocation)
                valid = false
            } else if let text = reader.string(member.value, at: memberPath, limit: LinkLimits.dataValueLength, allowsEmpty: true) {
                data[member.key] = text
            } else {
                valid = false
            }
        }
        return valid ? data : nil
    }
}

/// The checked members of an object and what `null` means for them.
private struct NestedObject {
    var members: [String: JSONValue]
    var path: JSONPath
    /// Whether `null` clears a field (it means "absent" when creating a link).
    var nullClears: Bool

    /// The change the member `name` asks for.
    func field<Value>(
        _ name: String, _ reader: inout BodyReader, _ read: (JSONValue, JSONPath, inout BodyReader) -> Value?
    ) -> PatchField<Value> {
        guard let value = members[name] else { return .unchanged }
        if value.isNull { return nullClears ? .cleared : .unchanged }
        return read(value, path.appending(name), &reader).map(PatchField.set) ?? .unchanged
    }
}
