import Yams

/// Composes a YAML document as `Yams.compose` does, and refuses one whose aliases expand it
/// past ``maximumNodes``.
///
/// An alias (`*name`) stands for the whole node its anchor (`&name`) names. Yams shares that
/// node rather than copying it, so composing is cheap; but whoever walks the result visits it
/// once per use. Ten anchors that each repeat the previous one nine times make a 4 KB file
/// stand for a billion nodes: walking it took `landfall config check` to 5.87 GB. Every YAML
/// file Landfall reads (site configurations, association specs, route tables, link contracts)
/// goes through here, so none of them can.
public enum BoundedYAML {
    /// The most nodes a document may stand for, aliases expanded: far more than any real
    /// configuration (a site of 10,000 routes is about 200,000), few enough to walk in a
    /// fraction of a second.
    public static let maximumNodes = 1_000_000

    /// A document that stands for more than ``maximumNodes`` nodes once its aliases are expanded.
    public struct TooLarge: Error, CustomStringConvertible, Equatable {
        /// The limit it went past.
        public let limit: Int

        public var description: String {
            "the document stands for more than \(limit) values once its aliases (*name) are expanded; "
                + "an alias repeating an anchor that itself repeats others multiplies the size: write the values out, or use fewer nested aliases"
        }
    }

    /// The document's root, `nil` for an empty document.
    ///
    /// - Throws: `YamlError` as `Yams.compose` does, or ``TooLarge``.
    public static func compose(yaml: String, maximumNodes: Int = maximumNodes) throws -> Node? {
        guard let root = try Yams.compose(yaml: yaml) else { return nil }
        guard fits(root, maximumNodes: maximumNodes) else { throw TooLarge(limit: maximumNodes) }
        return root
    }

    /// Whether `root` stands for at most `maximumNodes` nodes, counted as a walk visits them
    /// (a shared node once per use). Stops as soon as the count goes past the limit; keeps
    /// its own stack, so depth costs no call stack.
    static func fits(_ root: Node, maximumNodes: Int) -> Bool {
        var count = 0
        var pending = [root]
        while let node = pending.popLast() {
            count += 1
            if count > maximumNodes { return false }
            switch node {
            case .scalar, .alias:
                continue
            case .sequence(let sequence):
                pending.append(contentsOf: sequence)
            case .mapping(let mapping):
                for (key, value) in mapping {
                    pending.append(key)
                    pending.append(value)
                }
            }
        }
        return true
    }
}
