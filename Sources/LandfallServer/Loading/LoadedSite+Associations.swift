import LandfallSite

extension LoadedSite {
    /// The association file of `kind` a host with `role` serves, as its bytes: the link host's
    /// own pair on the link host (or a development name standing for it), the site's on every
    /// other host; `nil` when the site has no app of that platform. ``AssociationRoutes`` serves
    /// it and the dashboard's site page shows it, so both show the same bytes.
    func association(_ kind: AssociationRoutes.Kind, on role: HostRole) -> AssociationDocument? {
        let onLinkHost = role.served == .links
        switch kind {
        case .apple: return onLinkHost ? linksAppleAssociation : appleAssociation
        case .android: return onLinkHost ? linksAssetLinks : assetLinks
        }
    }
}
