import Testing
import LandfallDoctor

/// What a report's checks add up to, and the exit status: could not check outranks a failure,
/// which outranks everything else.
@Suite struct DoctorReportOutcomeTests {
    struct Mix: Sendable, CustomTestStringConvertible {
        /// The statuses of each section's checks.
        var sections: [[CheckStatus]]
        var outcome: DoctorReport.Outcome
        var exitStatus: Int32
        var testDescription: String { "\(sections.map { $0.map(\.rawValue) }) → \(outcome.rawValue)" }
    }

    static let mixes: [Mix] = [
        Mix(sections: [], outcome: .healthy, exitStatus: 0),
        Mix(sections: [[]], outcome: .healthy, exitStatus: 0),
        Mix(sections: [[.pass, .pass]], outcome: .healthy, exitStatus: 0),
        Mix(sections: [[.pass], [.skip, .warn]], outcome: .healthy, exitStatus: 0),
        Mix(sections: [[.skip]], outcome: .healthy, exitStatus: 0),
        Mix(sections: [[.warn, .warn]], outcome: .healthy, exitStatus: 0),
        Mix(sections: [[.pass, .fail]], outcome: .problems, exitStatus: 1),
        Mix(sections: [[.pass], [.warn], [.fail, .skip]], outcome: .problems, exitStatus: 1),
        Mix(sections: [[.notChecked]], outcome: .couldNotCheck, exitStatus: 2),
        Mix(sections: [[.fail], [.notChecked]], outcome: .couldNotCheck, exitStatus: 2),
        Mix(sections: [[.notChecked, .fail, .warn, .skip, .pass]], outcome: .couldNotCheck, exitStatus: 2),
    ]

    static func report(_ sections: [[CheckStatus]]) -> DoctorReport {
        DoctorReport(target: "example.com", sections: sections.enumerated().map { index, statuses in
            DoctorSection(subject: .host, title: "section \(index)", checks: statuses.enumerated().map { number, status in
                DoctorCheck(id: "check.\(number)", status: status, title: "Check \(number)", detail: status.rawValue)
            })
        })
    }

    @Test(arguments: mixes)
    func theWorstStatusDecidesTheOutcomeAndExitStatus(_ mix: Mix) {
        let report = Self.report(mix.sections)
        #expect(report.outcome == mix.outcome)
        #expect(report.outcome.exitStatus == mix.exitStatus)
    }

    @Test func countsHoldOnlyTheStatusesPresent() {
        let report = Self.report([[.pass, .fail], [.pass, .warn, .pass]])
        #expect(report.counts == [.pass: 3, .fail: 1, .warn: 1])
        #expect(report.checks.count == 5)
        #expect(report.checks.map(\.detail) == ["pass", "fail", "pass", "warn", "pass"])
    }

    @Test func aSectionsStatusIsItsWorstCheckAndPassWhenEmpty() {
        let report = Self.report([[], [.pass, .skip], [.warn, .fail, .pass], [.notChecked, .fail]])
        #expect(report.sections.map(\.status) == [.pass, .skip, .fail, .notChecked])
    }
}
