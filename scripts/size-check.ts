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
/**
 * The loader every page view pays for, and the conversation it fetches on intent. Together (what
 * a visitor who opens the chat downloads) they stay under TOTAL.
 */
const BUDGETS: Budget[] = [
  { file: 'dist/agent-webchat.js', limitGzip: 6 * KB, aimGzip: 5.5 * KB },
  { file: 'dist/agent-webchat-conversation.js', limitGzip: 34 * KB, aimGzip: 32 * KB },
];
/** Every script file of the script tag together (each gzipped alone, as a server sends them). */
const TOTAL = { limitGzip: 40 * KB, aimGzip: 36 * KB };

const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`;

/** The file's gzip size and whether it is within its budget; undefined (reported) when it is missing. */
function check({ file, limitGzip, aimGzip }: Budget): { gzip: number; within: boolean } | undefined {
  let source: Buffer;
  try {
    source = readFileSync(file);
  } catch {
    console.error(`size: ${file} is missing — run \`npm run build\` first`);
    return undefined;
  }
  const gzip = gzipSync(source, { level: 9 }).byteLength;
  const brotli = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
  console.log(
    `size: ${file} ${kb(source.byteLength)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli (budget ${kb(limitGzip)} gzip, aim ${kb(aimGzip)})`,
  );
  if (gzip > limitGzip) {
    console.error(`size: ${file} is over its budget by ${kb(gzip - limitGzip)} gzip`);
    return { gzip, within: false };
  }
  if (gzip > aimGzip) console.warn(`size: ${file} is over its aim by ${kb(gzip - aimGzip)} gzip`);
  return { gzip, within: true };
}

const sizes = BUDGETS.map(check);
const total = sizes.reduce<number>((sum, size) => sum + (size?.gzip ?? 0), 0);
console.log(`size: all script files together ${kb(total)} gzip (budget ${kb(TOTAL.limitGzip)}, aim ${kb(TOTAL.aimGzip)})`);
if (total > TOTAL.aimGzip && total <= TOTAL.limitGzip)
  console.warn(`size: the script files are over their aim by ${kb(total - TOTAL.aimGzip)} gzip`);
if (total > TOTAL.limitGzip) console.error(`size: the script files are over their budget by ${kb(total - TOTAL.limitGzip)} gzip`);
if (sizes.some((size) => !size?.within) || total > TOTAL.limitGzip) process.exit(1);
