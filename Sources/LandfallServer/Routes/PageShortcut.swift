import Hummingbird
import LandfallLinks

/// Which requests ``LandfallResponder`` hands to the pages' catch-all route itself, as the
/// router would, without resolving their path in the router's trie: a GET of a path of one
/// segment made of slug characters (`/friday`, `/b0000042`: every short link) that is not the
/// first segment of any other route's path (`/health`, `/v1/…`, `/.well-known/…`).
///
/// For such a path the router has only the catch-all to offer, so the answer is the same; the
/// shortcut saves the trie, the look-up of the method's responder and two hops through the
/// router's type-erased responders, on the hot path of a short link (measured with
/// Benchmarks/ShortLinkRedirect). The segments are read from the routes the router was given
/// (``RecordingRouter``), so a route added later is never shadowed; if one of them begins with
/// a parameter or a wildcard, which could take any segment, there is no shortcut at all.
struct PageShortcut: Sendable {
    /// The first segments of the paths of the router's other routes, as bytes.
    let reserved: [[UInt8]]
    /// The label the router gives the catch-all's requests (its path): `/**`.
    let label: String

    /// The shortcut for a router whose routes have `paths`, the pages' catch-all among them;
    /// nil when another route's first segment is not a plain word, or there is no catch-all.
    init?(paths: [RouterPath], catchAll: RouterPath) {
        guard paths.contains(catchAll) else { return nil }
        var reserved: Set<String> = []
        for path in paths where path != catchAll {
            // The root ("/") has no segment: no one-segment path reaches it.
            guard let first = path.components.first else { continue }
            let text = first.description
            guard first == .path(Substring(text)) else { return nil }
            reserved.insert(text)
        }
        self.reserved = reserved.sorted().map { Array($0.utf8) }
        self.label = catchAll.description
    }

    /// Whether `request` is one the router would hand to the catch-all: see the type.
    func takes(_ request: Request) -> Bool {
        guard request.method == .get else { return false }
        let path = request.uri.path.utf8
        guard path.first == UInt8(ascii: "/") else { return false }
        let segment = path.dropFirst()
        guard !segment.isEmpty, segment.allSatisfy(SlugPolicy.isSlugByte) else { return false }
        return !reserved.contains { $0.count == segment.count && $0.elementsEqual(segment) }
    }
}
