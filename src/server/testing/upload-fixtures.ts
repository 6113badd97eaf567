// Files a visitor might send, made in memory for the upload tests and bench: photos carrying the
// metadata a phone writes (EXIF with GPS position and orientation, XMP), a PNG with text chunks,
// a PDF, and the files that must be refused. Plus the multipart body a browser's FormData sends.

import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export const SECRET_PLACE = 'GPS-SECRET-PLACE';

/** A 40×20 photo whose EXIF says "rotate 90°" (orientation 6) and holds a GPS position and a maker note. */
export async function photoWithLocation(format: 'jpeg' | 'webp'): Promise<Buffer> {
  const pixels = sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } } });
  const encoded = format === 'jpeg' ? pixels.jpeg() : pixels.webp();
  return encoded
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', ImageDescription: SECRET_PLACE },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>${SECRET_PLACE}</rdf:Description></rdf:RDF></x:xmpmeta>`,
    )
    .toBuffer();
}

/** A 16×16 PNG with a tEXt chunk (`Comment`) naming a place, inserted right after IHDR. */
export async function pngWithText(): Promise<Buffer> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 4, background: '#33aa55' } })
    .png()
    .toBuffer();
  const afterHeader = 8 + 4 + 4 + 13 + 4;
  const data = Buffer.from(`Comment\0${SECRET_PLACE}`, 'latin1');
  const typeAndData = Buffer.concat([Buffer.from('tEXt', 'latin1'), data]);
  const chunk = Buffer.alloc(4 + typeAndData.length + 4);
  chunk.writeUInt32BE(data.length, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), 4 + typeAndData.length);
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

/** A minimal PDF of about `size` bytes (padded with a comment), as file-type recognises it. */
export function pdfOf(size = 2048): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  const padding = Math.max(0, size - head.length - tail.length);
  return Buffer.concat([Buffer.from(head), Buffer.alloc(padding, '%'), Buffer.from(tail)]);
}

export const REFUSED_FILES: ReadonlyArray<{ what: string; name: string; declared: string; bytes: Buffer }> = [
  {
    what: 'an SVG named like a PNG',
    name: 'photo.png',
    declared: 'image/png',
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  {
    what: 'an XML-declared SVG',
    name: 'logo.svg',
    declared: 'image/svg+xml',
    bytes: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  },
  {
    what: 'an HTML page named like a JPEG',
    name: 'cat.jpg',
    declared: 'image/jpeg',
    bytes: Buffer.from('<!doctype html><script>alert(1)</script>'),
  },
  { what: 'a shell script', name: 'run.pdf', declared: 'application/pdf', bytes: Buffer.from('#!/bin/sh\nrm -rf ~\n') },
  { what: 'a Windows program', name: 'invoice.pdf', declared: 'application/pdf', bytes: windowsProgram() },
  { what: 'a ZIP archive (not in the accepted types)', name: 'docs.zip', declared: 'application/zip', bytes: zipArchive() },
];

/** The start of a PE file: an MZ header pointing at a PE signature. */
function windowsProgram(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  bytes.writeUInt16LE(0x14c, 0x84);
  return bytes;
}

/** An empty ZIP archive (end-of-central-directory record only) with one stored entry header before it. */
function zipArchive(): Buffer {
  const name = Buffer.from('a.txt');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(10, 4);
  header.writeUInt16LE(name.length, 26);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  return Buffer.concat([header, name, end]);
}

export const BOUNDARY = '----agent-webchat-test-boundary';

/** What `FormData` with one file part sends, split so the file's bytes can be streamed separately. */
export function multipartParts(file: { field?: string; name: string; type: string }): { head: Buffer; tail: Buffer; contentType: string } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  return { head, tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

export function multipartBody(file: { field?: string; name: string; type: string; bytes: Buffer }): { body: Buffer; contentType: string } {
  const { head, tail, contentType } = multipartParts(file);
  return { body: Buffer.concat([head, file.bytes, tail]), contentType };
}
