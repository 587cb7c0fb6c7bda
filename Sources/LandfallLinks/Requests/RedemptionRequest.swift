import AppSiteAssociation
import LandfallJSON

/// The body of `POST /v1/invites/redeem`: the code a person entered, as entered.
///
/// ```json
/// {"code": "7kq2m-x4p9t-hcw3r", "platform": "ios"}
/// ```
///
/// The body keeps ``code`` as sent: reading it as an ``InviteCode`` is the server's step, so
/// that a malformed code gets its own answer (`invite_code_malformed`, counted as a failed
/// guess) rather than a body error.
///
/// ```swift
/// let request = try RedemptionRequest(json: Array(#"{"code": "7kq2m x4p9t hcw3r"}"#.utf8))
/// try InviteCode(parsing: request.code).formatted // "7KQ2M-X4P9T-HCW3R"
/// ```
public struct RedemptionRequest: Sendable, Hashable {
    /// The code as the person entered it (at most ``InvitationLimits/codeTextLength`` characters).
    public var code: String
    /// The platform of the app redeeming it, when it says.
    public var platform: ClickPlatform?

    /// Creates a request.
    public init(code: String, platform: ClickPlatform? = nil) {
        self.code = code
        self.platform = platform
    }

    static let fields = ["code", "platform"]

    /// Reads the JSON body of `POST /v1/invites/redeem`.
    ///
    /// - Throws: ``InvalidRequestBody`` with every problem in document order: not JSON, not an
    ///   object, a missing, `null` or non-string `code`, a code text over
    ///   ``InvitationLimits/codeTextLength`` characters, a `platform` other than `ios` or
    ///   `android` (`null` included: leave it out when the app does not say), unknown and
    ///   repeated fields.
    public init(json bytes: some Collection<UInt8>) throws(InvalidRequestBody) {
        self = try BodyReader.decode(bytes) { value, reader in Self.read(value, into: &reader) }
    }

    private static func read(_ value: JSONValue, into reader: inout BodyReader) -> RedemptionRequest? {
        guard let all = reader.object(value, at: [], fields: fields, what: "a JSON object") else { return nil }
        let hint = #"give the invitation code as entered, as in "code": "7KQ2M-X4P9T-HCW3R""#
        var code: String?
        if let value = all["code"] {
            if value.isNull {
                reader.cannotBeNull(value, at: ["code"], because: hint)
            } else {
                code = reader.string(value, at: ["code"], limit: InvitationLimits.codeTextLength, allowsEmpty: true)
            }
        } else {
            reader.missing("code", in: value, at: [], hint: hint)
        }
        let platform = reader.optionalMembers(all, at: [], absent: ["platform": "a redemption counted without a platform"])["platform"]
            .flatMap { reader.appPlatform($0, at: ["platform"]) }
        guard let code else { return nil }
        return RedemptionRequest(code: code, platform: platform)
    }

    /// The request as a body that ``init(json:)`` reads back to the same request.
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [("code", .string(code))]
        if let platform { members.append(("platform", .string(platform.rawValue))) }
        return .object(members)
    }
}
