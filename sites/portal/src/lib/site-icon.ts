// The site's icon is drawn once, in src/assets/icon.svg, and served as PNG: Chrome draws an SVG
// favicon by building a whole SVG document on the page's main thread, on every page view (which
// Lighthouse's phone profile counts four times over; measured: see `npm run bench -- site`); a PNG
// is decoded off it.
import sharp from 'sharp';
import svg from '../assets/icon.svg?raw';
import { ICON_BLUE } from './icon-blue.ts';

const VIEWBOX = 64;
/** A maskable icon keeps its drawing inside the central 80 % that every launcher shape shows. */
const MASKABLE_SAFE_ZONE = 0.8;

function drawn(size: number) {
  return sharp(Buffer.from(svg), { density: (72 * size) / VIEWBOX }).resize(size, size);
}

/**
 * `opaque` fills the rounded corners with the icon's blue: iOS paints transparent pixels black.
 * `maskable`: the drawing shrunk into the safe zone of a full blue square (Android cuts it to
 * its own shape).
 */
export async function iconPng(
  size: number,
  { opaque = false, maskable = false } = {},
): Promise<Response> {
  let image = opaque ? drawn(size).flatten({ background: ICON_BLUE }) : drawn(size);
  if (maskable) {
    const inner = Math.round(size * MASKABLE_SAFE_ZONE);
    image = sharp({
      create: { width: size, height: size, channels: 3, background: ICON_BLUE },
    }).composite([{ input: await drawn(inner).png().toBuffer(), gravity: 'centre' }]);
  }
  const png = await image.png({ compressionLevel: 9, palette: true }).toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
}
