/// The App Store and Google Play badges the bundled page templates show, drawn here as SVG
/// (rating-free, no third-party files): black rounded rectangles with a glyph and two lines of
/// text, 135×40 and 135×40 in their own units, scaled by CSS.
///
/// The glyphs are original drawings, not the stores' logos: an "A" of three rounded strokes,
/// and a play triangle of four coloured triangles. The text uses the reader's system font, so
/// the large line is sized to fit even a wide one (DejaVu Sans).
enum StoreBadges {
    /// "Download on the App Store".
    static let appStore = #"""
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 135 40" role="img" aria-label="Download on the App Store">
        <title>Download on the App Store</title>
        <rect x="0.5" y="0.5" width="134" height="39" rx="6" fill="#000" stroke="#a6a6a6"/>
        <g fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round">
        <path d="M14 29 19.8 16.6"/>
        <path d="M18.2 11.5 27.5 29"/>
        <path d="M12.5 24H29"/>
        </g>
        <g fill="#fff" font-family="-apple-system, system-ui, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif">
        <text x="39" y="15.5" font-size="7.5">Download on the</text>
        <text x="38.5" y="29.5" font-size="13.5" font-weight="600" letter-spacing="-0.25">App Store</text>
        </g>
        </svg>
        """#

    /// "Get it on Google Play".
    static let googlePlay = #"""
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 135 40" role="img" aria-label="Get it on Google Play">
        <title>Get it on Google Play</title>
        <rect x="0.5" y="0.5" width="134" height="39" rx="6" fill="#000" stroke="#a6a6a6"/>
        <path d="M12 9V31L20 20Z" fill="#00d7fe"/>
        <path d="M12 9 20 13.89V20Z" fill="#00f076"/>
        <path d="M12 31 20 26.11V20Z" fill="#ff3a44"/>
        <path d="M20 13.89 30 20 20 26.11Z" fill="#ffce00"/>
        <g fill="#fff" font-family="-apple-system, system-ui, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif">
        <text x="39" y="15.5" font-size="7" letter-spacing="0.3">GET IT ON</text>
        <text x="38.5" y="29.5" font-size="13.5" font-weight="600" letter-spacing="-0.25">Google Play</text>
        </g>
        </svg>
        """#
}
