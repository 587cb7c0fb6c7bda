import AppSiteAssociation
import LandfallJSON

/// The body of `POST /v1/claims`: an app's first launch asking for the deferred link it was
/// installed for, with the claim token it found (a strong match) or, if it opts in, with its
/// device hints alone (a weak match).
///
/// ```json
/// {"token": "lfc_3q2-7wEjRZ6Qb_pJkLm0xA", "platform": "ios", "osVersion": "18.1.2", "language": "en-US", "screen": "844x390", "allowWeakMatch": true}
/// ```
///
/// The hints are normalized as they are read (``DeviceHints``): the body above gives
/// `osVersion` `18.1`, `language` `en` and `screen` `390x844`.
///
/// ```swift
/// let request = try ClaimRequest(json: Array(#"{"platform": "android", "osVersion": "14", "allowWeakMatch": true}"#.utf8))
/// request.token            // nil
/// request.hints.osVersion  // "14.0"
/// ```
public struct ClaimRequest: Sendable, Hashable {
    /// The claim token the app found on the pasteboard or in the install referrer.
    public var token: ClaimToken?
    /// The device, normalized.
    public var hints: DeviceHints
    /// Whether the app accepts a weak match when it has no token (or its token matches nothing).
    public var allowsWeakMatch: Bool

    /// Creates a request.
    public init(token: ClaimToken?, hints: DeviceHints, allowsWeakMatch: Bool = false) {
        self.token = token
        self.hints = hints
        self.allowsWeakMatch = allowsWeakMatch
    }

    /// The longest text a hint may have.
    public static let hintLength = 64

    static let fields = ["token", "platform", "osVersion", "language", "screen", "allowWeakMatch"]

    /// Reads the JSON body of `POST /v1/claims`. An optional field is given or left out: `null`
    /// is refused, naming the field, as the API's contract says.
    ///
    /// A hint that is a string but cannot be normalized (`osVersion` `"beta"`, `screen` `"0x0"`)
    /// is left out, as if it had not been sent: it then matches nothing, and never costs a
    /// claim with a token its answer.
    ///
    /// - Throws: ``InvalidRequestBody`` with every problem in document order: not JSON, not an
    ///   object, a `token` that is not a claim token (field `token`), a missing `platform` or one
    ///   other than `ios` or `android`, hints that are not strings of at most ``hintLength``
    ///   characters, an `allowWeakMatch` that is not `true` or `false`, `null` for any field,
    ///   unknown and repeated
    ///   fields, and a body with neither a token nor `"allowWeakMatch": true` (field `""`:
    ///   nothing could match).
    public init(json bytes: some Collection<UInt8>) throws(InvalidRequestBody) {
        self = try BodyReader.decode(bytes) { value, reader in Self.read(value, into: &reader) }
    }

    private static func read(_ value: JSONValue, into reader: inout BodyReader) -> ClaimRequest? {
        guard let all = reader.object(value, at: [], fields: fields, what: "a JSON object") else { return nil }
        let members = reader.optionalMembers(all, at: [], absent: [
            "token": "no token (a weak match only)", "osVersion": "an unknown OS version", "language": "an unknown language",
            "screen": "an unknown screen size", "allowWeakMatch": "no weak match (false)",
        ])

        var token: ClaimToken?
        if let value = members["token"], let text = reader.string(value, at: ["token"]) {
            token = ClaimToken(rawValue: text)
            if token == nil {
                reader.report(["token"], "'\(BodyReader.shortened(text))' is not a claim token; a token is lfc_ followed by 22 characters of A-Z, a-z, 0-9, - and _, as at the end of the claim URL",
                              at: value.location)
            }
        }

        var platform: ClickPlatform?
        if let value = all["platform"] {
            if value.isNull {
                reader.cannotBeNull(value, at: ["platform"], because: #"write "ios" or "android""#)
            } else {
                platform = reader.appPlatform(value, at: ["platform"])
            }
        } else {
            reader.missing("platform", in: value, at: [], hint: #"give the app's platform, "ios" or "android""#)
        }

        // A hint that cannot be normalized is left out rather than refused: hints are best
        // effort, and a strange screen size must not cost an app its strong claim.
        func hint(_ name: String, _ normalize: (String) -> String?) -> String? {
            guard let value = members[name], let text = reader.string(value, at: [.key(name)], limit: hintLength, allowsEmpty: true) else { return nil }
            return normalize(text)
        }
        let osVersion = hint("osVersion", DeviceHints.osVersion)
        let language = hint("language", DeviceHints.language)
        let screen = hint("screen", DeviceHints.screen)

        let allowsWeakMatch = members["allowWeakMatch"].flatMap { reader.bool($0, at: ["allowWeakMatch"]) } ?? false
        // A flag that is not a bool is reported above; the body's own problem is only for a clear "no".
        // A `null` token or flag is reported above too.
        let flagIsReadable = all["allowWeakMatch"].map { $0.boolValue != nil } ?? true
        if all["token"] == nil, !allowsWeakMatch, flagIsReadable {
            reader.report([], #"has neither a token nor "allowWeakMatch": true, so nothing could match; send the token of the claim URL, or opt in to a weak match"#,
                          at: value.location)
        }
        guard let platform else { return nil }
        return ClaimRequest(token: token, hints: DeviceHints(platform: platform, osVersion: osVersion, language: language, screen: screen),
                            allowsWeakMatch: allowsWeakMatch)
    }

    /// The request as a body that ``init(json:)`` reads back to the same request.
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        if let token { members.append(("token", .string(token.rawValue))) }
        members.append(("platform", .string(hints.platform.rawValue)))
        if let osVersion = hints.osVersion { members.append(("osVersion", .string(osVersion))) }
        if let language = hints.language { members.append(("language", .string(language))) }
        if let screen = hints.screen { members.append(("screen", .string(screen))) }
        if allowsWeakMatch { members.append(("allowWeakMatch", .bool(true))) }
        return .object(members)
    }
}
