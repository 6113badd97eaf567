// Fails the build when the script bundle passes its budget. Every byte is paid by every visitor.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const BUDGET_GZIP = 32 * 1024;
const AIM_GZIP = 28 * 1024;
const file = 'dist/agent-webchat.js';

let source: Buffer;
try {
  source = readFileSync(file);
} catch {
  console.error(`size: ${file} is missing — run \`npm run build\` first`);
  process.exit(1);
}
const gzip = gzipSync(source, { level: 9 }).byteLength;
const brotli = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
console.log(
  `size: ${file} ${kb(source.byteLength)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli (budget ${kb(BUDGET_GZIP)} gzip, aim ${kb(AIM_GZIP)})`,
);
if (gzip > BUDGET_GZIP) {
  console.error(`size: over budget by ${kb(gzip - BUDGET_GZIP)} gzip`);
  process.exit(1);
}
