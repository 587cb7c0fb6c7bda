import LandfallWire

/// What a short link stands for: the answer of `GET /v1/resolve`, and the link of a
/// ``DeferredLinkClaim``. Defined in `LandfallWire`, which the link server writes it with;
/// named here too so that an app that imports only LandfallKit can write the type's name.
public typealias ResolvedLink = LandfallWire.ResolvedLink
