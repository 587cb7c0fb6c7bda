import LandfallDoctor
import Testing

/// The expectations the file checks' case tables share: each named check has its status, its
/// detail contains the given text, and every failure comes with a fix.
enum CheckExpectations {
    static func expect(_ checks: [DoctorCheck], statuses: [String: CheckStatus], details: [String: String],
                       sourceLocation: SourceLocation = #_sourceLocation) {
        for (id, status) in statuses {
            #expect(checks.first { $0.id == id }?.status == status, "\(id)", sourceLocation: sourceLocation)
        }
        for (id, text) in details {
            let detail = checks.first { $0.id == id }?.detail ?? ""
            #expect(detail.contains(text), "\(id): \(detail)", sourceLocation: sourceLocation)
        }
        for check in checks where check.status == .fail {
            #expect(check.fix != nil, "\(check.id) fails without a fix", sourceLocation: sourceLocation)
        }
    }
}
