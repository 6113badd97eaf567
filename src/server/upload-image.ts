// Images lose their metadata before they are kept: EXIF (with the GPS position a phone writes into
// every photo), XMP, IPTC, PNG text chunks, ICC profiles. sharp decodes the image and encodes its
// pixels again; nothing but pixels survives. The orientation EXIF carried is applied to the pixels
// first (rotate()), so the photo still stands the right way up.
//
// Re-encoding rather than a lossless segment stripper: a stripper must know every place each format
// hides data (APP segments, trailing bytes after EOI, unknown PNG chunks, RIFF chunks of WebP) and
// leaves a polyglot's payload in the pixels' container; re-encoding keeps only what decodes as an
// image. The cost is one generation of JPEG/WebP loss at quality 90 and a decode bounded by
// `maxPixels` (a decompression bomb is refused before it is decoded).

/** The types re-encoded here, and the only ones served inline. */
export const STRIPPED_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);

export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;

type Sharp = typeof import('sharp')['default'];
let sharpModule: Promise<Sharp> | undefined;

/** Writes `output`: the image of `input` without its metadata. Throws when it is not a decodable image of `type`. */
export async function writeImageWithoutMetadata(input: string, output: string, type: string, maxPixels: number): Promise<number> {
  sharpModule ??= import('sharp').then((module) => module.default);
  const sharp = await sharpModule;
  const image = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
  const encoded =
    type === 'image/jpeg'
      ? image.jpeg({ quality: 90 })
      : type === 'image/png'
        ? image.png()
        : type === 'image/webp'
          ? image.webp({ quality: 90 })
          : undefined;
  if (!encoded) throw new TypeError(`Not an image type re-encoded here: ${type}`);
  const info = await encoded.toFile(output);
  return info.size;
}
