import AppSiteAssociation
import ArgumentParser

/// `--type literal|prefix|simple-glob|advanced-glob|suffix`: ArgumentParser reads the kind by its
/// raw value and lists the five in help and in the error for anything else.
extension AndroidPatternKind: ExpressibleByArgument {}
