import AppSiteAssociation
import LandfallJSON

/// The body of `PATCH /v1/settings`: the runtime settings to change, such as
/// `{"invitationsRequired": true}`. Fields left out keep their value.
///
/// ```swift
/// let patch = try SettingsPatch(json: Array(#"{"invitationsRequired": true}"#.utf8))
/// patch.invitationsRequired // true
/// ```
public struct SettingsPatch: Sendable, Hashable {
    /// The new value of the "invitations required" switch, or `nil` to keep it.
    public var invitationsRequired: Bool?

    /// Creates a change.
    public init(invitationsRequired: Bool? = nil) {
        self.invitationsRequired = invitationsRequired
    }

    static let fields = ["invitationsRequired"]

    /// Reads the JSON body of `PATCH /v1/settings`.
    ///
    /// - Throws: ``InvalidRequestBody`` with every problem in document order: not JSON, not an
    ///   object, an empty object (it changes nothing), unknown fields (with the closest known
    ///   name), repeated fields, and values that are not `true` or `false` (`null` included: a
    ///   setting always has a value).
    public init(json bytes: some Collection<UInt8>) throws(InvalidRequestBody) {
        var reader = BodyReader()
        guard let value = reader.parse(bytes) else { throw InvalidRequestBody(errors: reader.errors) }
        var patch = SettingsPatch()
        if let members = reader.object(value, at: [], fields: Self.fields, what: "a JSON object") {
            if let flag = members["invitationsRequired"] {
                if flag.isNull {
                    reader.cannotBeNull(flag, at: ["invitationsRequired"], because: "write true or false")
                } else {
                    patch.invitationsRequired = reader.bool(flag, at: ["invitationsRequired"])
                }
            }
            if reader.errors.isEmpty, value.objectMembers?.isEmpty == true {
                reader.report([], #"changes nothing; name a setting to change, such as {"invitationsRequired": true}"#, at: value.location)
            }
        }
        guard reader.errors.isEmpty else { throw InvalidRequestBody(errors: reader.errors) }
        self = patch
    }

    /// The change as a body that ``init(json:)`` reads back to the same change.
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        if let invitationsRequired { members.append(("invitationsRequired", .bool(invitationsRequired))) }
        return .object(members)
    }
}
