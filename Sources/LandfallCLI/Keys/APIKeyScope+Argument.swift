import ArgumentParser
import LandfallLinks

/// `--scope read|write|webhooks`: ArgumentParser reads the scope by its raw value and lists them in
/// help and in the error for anything else.
extension APIKeyScope: ExpressibleByArgument {}
