import ArgumentParser
import LandfallLinks

/// `--role admin|editor|viewer`: ArgumentParser reads the role by its raw value and lists all
/// three in help and in the error for anything else.
extension DashboardRole: ExpressibleByArgument {}
