import AppSiteAssociation
import LandfallJSON
import Yams

extension JSONValue {
    /// The JSON value a YAML node stands for: mappings with text keys become objects, lists
    /// arrays, plain `true`/`false` Booleans, plain numbers numbers, null null, anything
    /// else text. `nil` for a mapping key that is not text.
    init?(yaml node: Node) {
        switch node {
        case .mapping(let mapping):
            var members: [JSONMember] = []
            for (key, value) in mapping {
                guard let name = key.string, let converted = JSONValue(yaml: value) else { return nil }
                members.append(JSONMember(key: name, value: converted))
            }
            self.init(.object(members))
        case .sequence(let sequence):
            var elements: [JSONValue] = []
            for element in sequence {
                guard let converted = JSONValue(yaml: element) else { return nil }
                elements.append(converted)
            }
            self.init(.array(elements))
        case .scalar(let scalar):
            if YAMLDocument.isNull(node) {
                self.init(.null)
            } else if scalar.style == .plain, let flag = node.bool {
                self.init(.bool(flag))
            } else if scalar.style == .plain, node.int != nil || node.float != nil {
                self.init(.number(scalar.string))
            } else {
                self.init(.string(scalar.string))
            }
        case .alias:
            return nil
        }
    }
}
