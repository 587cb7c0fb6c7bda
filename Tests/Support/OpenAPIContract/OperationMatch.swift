import Foundation
import LandfallJSON

/// The documented operation a request is.
public struct OperationMatch: Sendable, Equatable {
    /// The method, upper-cased (`GET`).
    public var method: String
    /// The path template that matched (`/v1/links/{id}`).
    public var template: String
    /// The operation's `operationId` (`getLink`), if it has one.
    public var operationID: String?
    /// The path parameters, percent-decoded (`["id": "019b4f2e-…"]`).
    public var parameters: [String: String]
    /// Where the operation is in the document (`#/paths/~1v1~1links~1{id}/get`).
    public var location: String
    /// The operation object.
    public var operation: JSONValue
}

/// A path of the document (`/v1/links/{id}`), split into segments to match request paths with.
struct PathTemplate: Sendable {
    /// One segment of a template.
    enum Segment: Sendable, Equatable {
        /// Text that must be there as written (`links`).
        case literal(String)
        /// A whole segment that is a parameter (`{id}`).
        case parameter(String)
        /// Text and parameters in one segment (`{name}.json`): literal pieces and parameter names.
        case mixed([Piece])
    }

    /// A piece of a mixed segment.
    enum Piece: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// The template as the document writes it.
    let text: String
    let segments: [Segment]

    /// Parses a template; `nil` when it does not start with `/`.
    init?(_ text: String) {
        guard let parts = Self.segments(ofRequestPath: text, decoding: false) else { return nil }
        self.text = text
        self.segments = parts.map(Self.segment)
    }

    /// How specific each segment is (a literal 2, a mixed segment 1, a parameter 0), to prefer
    /// the most specific template where several match.
    var rank: [Int] {
        segments.map { segment in
            switch segment {
            case .literal: 2
            case .mixed: 1
            case .parameter: 0
            }
        }
    }

    /// The segments of a path (`/v1/links/x` is `v1`, `links`, `x`; `/` is none), percent-decoded
    /// unless told not to; `nil` when the path does not start with `/`.
    static func segments(ofRequestPath path: String, decoding: Bool = true) -> [String]? {
        guard path.hasPrefix("/") else { return nil }
        if path == "/" { return [] }
        return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            decoding ? (String($0).removingPercentEncoding ?? String($0)) : String($0)
        }
    }

    private static func segment(_ text: String) -> Segment {
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
            pieces.append(.parameter(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.literal(String(rest))) }
        switch pieces.count == 1 ? pieces[0] : nil {
        case .parameter(let name): return .parameter(name)
        case .literal(let literal): return .literal(literal)
        case nil: return pieces.isEmpty ? .literal("") : .mixed(pieces)
        }
    }

    /// The path parameters when the (decoded) request segments match; `nil` otherwise. A
    /// parameter matches one whole, non-empty segment.
    func match(_ requestSegments: [String]) -> [String: String]? {
        guard requestSegments.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, text) in zip(segments, requestSegments) {
            switch segment {
            case .literal(let literal):
                guard literal == text else { return nil }
            case .parameter(let name):
                guard !text.isEmpty else { return nil }
                parameters[name] = text
            case .mixed(let pieces):
                guard let values = Self.match(pieces[...], Substring(text)) else { return nil }
                parameters.merge(values) { first, _ in first }
            }
        }
        return parameters
    }

    /// Matches a mixed segment's pieces against text, each parameter taking the shortest
    /// non-empty text that lets the rest match.
    private static func match(_ pieces: ArraySlice<Piece>, _ text: Substring) -> [String: String]? {
        guard let first = pieces.first else { return text.isEmpty ? [:] : nil }
        switch first {
        case .literal(let literal):
            guard text.hasPrefix(literal) else { return nil }
            return match(pieces.dropFirst(), text.dropFirst(literal.count))
        case .parameter(let name):
            guard !text.isEmpty else { return nil }
            var end = text.index(after: text.startIndex)
            while true {
                if var rest = match(pieces.dropFirst(), text[end...]) {
                    rest[name] = String(text[..<end])
                    return rest
                }
                guard end < text.endIndex else { return nil }
                end = text.index(after: end)
            }
        }
    }
}
