// Real photos for upload tests, generated with sharp: a gradient scene with a red block in the
// stored top-left corner (to see where EXIF orientation puts it).
import sharp from 'sharp';

export type PhotoOptions = {
  width: number;
  height: number;
  format?: 'jpeg' | 'png' | 'webp' | 'gif';
  /** EXIF orientation written into a JPEG (6 = rotate 90° clockwise to display). */
  orientation?: number;
  /** A PNG with a transparent background. */
  transparent?: boolean;
};

export async function photo(options: PhotoOptions): Promise<Buffer> {
  const { width, height } = options;
  const block = Math.round(Math.min(width, height) / 5);
  const background = options.transparent
    ? ''
    : `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0d4c81"/><stop offset="1" stop-color="#f2d6a2"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${background}<rect x="0" y="0" width="${block}" height="${block}" fill="#ff0000"/><circle cx="${width / 2}" cy="${height / 2}" r="${block}" fill="#7fbb8f"/></svg>`;
  const image = sharp(Buffer.from(svg), { limitInputPixels: false });
  switch (options.format ?? 'jpeg') {
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp({ quality: 80 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    default:
      return image
        .jpeg({ quality: 85 })
        .withMetadata(options.orientation ? { orientation: options.orientation } : {})
        .toBuffer();
  }
}

/** A small, valid PNG that decodes to `width × height` pixels (a decompression bomb). */
export function hugePlainPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export type Decoded = {
  format: string | undefined;
  width: number | undefined;
  height: number | undefined;
  channels: number | undefined;
  hasAlpha: boolean | undefined;
  orientation: number | undefined;
  exif: boolean;
  /** The colour of the top-left and top-right corners, [r, g, b]. */
  corners: { topLeft: number[]; topRight: number[] };
};

export async function decode(bytes: Buffer): Promise<Decoded> {
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const offset = (y * info.width + x) * info.channels;
    return [data[offset], data[offset + 1], data[offset + 2]] as number[];
  };
  const inset = 3;
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    channels: meta.channels,
    hasAlpha: meta.hasAlpha,
    orientation: meta.orientation,
    exif: meta.exif !== undefined,
    corners: { topLeft: pixel(inset, inset), topRight: pixel(info.width - 1 - inset, inset) },
  };
}

export const isRed = ([r, g, b]: number[]) => (r ?? 0) > 200 && (g ?? 255) < 60 && (b ?? 255) < 60;
