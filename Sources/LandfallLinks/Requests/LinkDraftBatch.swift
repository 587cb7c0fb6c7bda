import AppSiteAssociation
import LandfallJSON

/// The body of `POST /v1/links/bulk`: `{"links": [draft, ...]}`, 1 to ``LinkLimits/bulkCount``
/// links created all or nothing.
///
/// ```swift
/// let batch = try LinkDraftBatch(json: Array(#"{"links": [{"target": "https://example.com/a"}, {"target": "https://example.com/b"}]}"#.utf8))
/// batch.links.count // 2
/// ```
public struct LinkDraftBatch: Sendable, Hashable {
    /// The links to create, in order.
    public var links: [LinkDraft]

    /// Creates a batch.
    public init(links: [LinkDraft]) {
        self.links = links
    }

    /// Reads the JSON body of `POST /v1/links/bulk`.
    ///
    /// - Throws: ``InvalidRequestBody`` with every problem in document order, each named by its
    ///   path (`links[3].preview.title`): the problems ``LinkDraft/init(json:)`` finds in each
    ///   link, a missing or empty `links`, and more than ``LinkLimits/bulkCount`` links (then the
    ///   links are not read). Two links asking for the same slug are not a problem of the body:
    ///   the server answers them as it does a slug already taken (409).
    public init(json bytes: some Collection<UInt8>) throws(InvalidRequestBody) {
        links = try BodyReader.decode(bytes) { value, reader in Self.read(value, into: &reader) }
    }

    private static func read(_ value: JSONValue, into reader: inout BodyReader) -> [LinkDraft]? {
        guard let members = reader.object(value, at: [], fields: ["links"], what: "a JSON object") else { return nil }
        guard let list = members["links"] else {
            reader.missing("links", in: value, at: [], hint: #"send the links to create as {"links": [{"target": "https://example.com/"}, ...]}"#)
            return nil
        }
        guard let elements = list.arrayValue else {
            reader.mismatch(list, at: ["links"], expected: "an array of links")
            return nil
        }
        guard !elements.isEmpty else {
            reader.report(["links"], "is empty; give at least one link", at: list.location)
            return nil
        }
        guard elements.count <= LinkLimits.bulkCount else {
            reader.report(["links"], "holds \(elements.count) links; at most \(LinkLimits.bulkCount) can be created in one request, send the rest in another",
                          at: list.location)
            return nil
        }
        var drafts: [LinkDraft] = []
        var complete = true
        for (index, element) in elements.enumerated() {
            let path: JSONPath = ["links", .index(index)]
            if let draft = LinkDraft.read(element, at: path, into: &reader) {
                drafts.append(draft)
            } else {
                complete = false
            }
        }
        return complete ? drafts : nil
    }

    /// The field name of `name` in link `index`, for errors the server finds: `links[3].slug`.
    public static func field(_ name: String, ofLink index: Int) -> String {
        BodyReader.field(JSONPath(["links", .index(index), .key(name)]))
    }

    /// Every URL of every link, with its field (`links[3].overrides.ios`), for the destination policy.
    public var urlFields: [(field: String, url: String)] {
        links.enumerated().flatMap { index, draft in
            LinkDraft.urlFields(target: draft.target, overrides: draft.overrides, imageURL: draft.preview.imageURL,
                                under: ["links", .index(index)])
        }
    }

    /// The batch as a request body that ``init(json:)`` reads back to the same batch.
    public var jsonValue: JSONValue {
        .object([("links", .array(links.map(\.jsonValue)))])
    }
}
