import ArgumentParser
import LandfallLinks

/// `--scope read|write`: ArgumentParser reads the scope by its raw value and lists both in
/// help and in the error for anything else.
extension APIKeyScope: ExpressibleByArgument {}
