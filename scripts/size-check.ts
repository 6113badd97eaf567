// Fails the build when a shipped script passes its budget. Every byte is paid by every visitor.
// Each entry names one built file and its own budget; add an entry for every new script a page loads.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface Budget {
  file: string;
  /** Fails the build above this (gzip, zlib level 9). */
  limitGzip: number;
  /** What we aim to stay under; passing it only prints a warning. */
  aimGzip: number;
}

const KB = 1024;
const BUDGETS: Budget[] = [{ file: 'dist/agent-webchat.js', limitGzip: 40 * KB, aimGzip: 36 * KB }];

const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`;

function check({ file, limitGzip, aimGzip }: Budget): boolean {
  let source: Buffer;
  try {
    source = readFileSync(file);
  } catch {
    console.error(`size: ${file} is missing — run \`npm run build\` first`);
    return false;
  }
  const gzip = gzipSync(source, { level: 9 }).byteLength;
  const brotli = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
  console.log(
    `size: ${file} ${kb(source.byteLength)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli (budget ${kb(limitGzip)} gzip, aim ${kb(aimGzip)})`,
  );
  if (gzip > limitGzip) {
    console.error(`size: ${file} is over its budget by ${kb(gzip - limitGzip)} gzip`);
    return false;
  }
  if (gzip > aimGzip) console.warn(`size: ${file} is over its aim by ${kb(gzip - aimGzip)} gzip`);
  return true;
}

const results = BUDGETS.map(check);
if (results.includes(false)) process.exit(1);
