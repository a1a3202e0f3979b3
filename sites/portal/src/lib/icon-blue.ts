/** The icon's blue: the home-screen background, the manifest's theme colour. Apart from
 * site-icon.ts, which draws with sharp (Node only), so that the layout can be bundled for a
 * Worker without it. */
export const ICON_BLUE = '#0d4c81';
