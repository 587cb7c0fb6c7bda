import AppSiteAssociation

/// What examining one host found: its sections of checks, and its Apple file for deciding URLs.
struct ExaminedHost {
    /// The host.
    var target: DoctorTarget
    /// DNS and TLS, each file, the CDN copy.
    var sections: [DoctorSection]
    /// The usable Apple file, or why there is none.
    var appleFile: Result<AssociationFile, UnavailableFile>
}
