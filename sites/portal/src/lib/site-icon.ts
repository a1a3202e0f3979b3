// The site's icon is drawn once, in src/assets/icon.svg, and served as PNG: Chrome draws an SVG
// favicon by building a whole SVG document on the page's main thread, on every page view (median
// main-thread time of /passeios 475 → 416 ms over 8 traces on the bench machine; Lighthouse's phone
// counts it four times over); a PNG is decoded off it.
import sharp from 'sharp';
import svg from '../assets/icon.svg?raw';

const VIEWBOX = 64;

/** `opaque` fills the rounded corners with the icon's blue: iOS paints transparent pixels black. */
export async function iconPng(size: number, { opaque = false } = {}): Promise<Response> {
  const drawn = sharp(Buffer.from(svg), { density: (72 * size) / VIEWBOX }).resize(size, size);
  const png = await (opaque ? drawn.flatten({ background: '#0d4c81' }) : drawn)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
}
