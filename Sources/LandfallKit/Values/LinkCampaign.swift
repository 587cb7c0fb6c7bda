import LandfallWire

/// The campaign fields of a link: the former name of `Campaign`, kept so that apps written
/// against earlier versions of LandfallKit still compile.
///
/// The app SDK and the link server share one definition, `Campaign` in `LandfallWire`;
/// new code writes `Campaign` (after `import LandfallWire`).
@available(*, deprecated, renamed: "Campaign")
public typealias LinkCampaign = Campaign
