import ArgumentParser
import LandfallLinks

/// `--status active|revoked|expired|used_up`: ArgumentParser reads the status by its raw value
/// and lists every one in help and in the error for anything else.
extension InvitationStatus: ExpressibleByArgument {}
