// `npm start` builds only when the build is stale: `npm run build` ends by stamping dist/
// (`tsx scripts/build-stamp.ts stamp`), and `tsx scripts/build-stamp.ts ensure` runs the build
// again only when an input changed after that stamp (or an output is missing). A stale build is
// found by modification times: a checkout, a pull or an edit touches what it changes.
//
//   tsx scripts/build-stamp.ts stamp    after a successful build
//   tsx scripts/build-stamp.ts ensure   before starting the demo: build if stale, else nothing
//   tsx scripts/build-stamp.ts check    exit 1 when stale (says why), 0 when up to date

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(root, 'dist/.build-stamp');

/** What the build reads: a change in any of these makes dist/ and the example apps stale. */
const INPUTS = [
  'src',
  'demo/npm-app',
  'demo/react-app',
  'demo/console',
  'scripts/build-parts.ts',
  'scripts/script-files.ts',
  'vite.config.ts',
  'vite.preact.ts',
  'vite.mangled-properties.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
  'package-lock.json',
];
/** What the build writes and `npm start` serves. */
const OUTPUTS = ['dist/agent-webchat.js', 'dist/index.js', 'demo/npm-app/dist', 'demo/react-app/dist', 'demo/console/dist'];
/** Inside input folders: build outputs and dependencies, never inputs. */
const SKIPPED = new Set(['dist', 'node_modules']);

/** The newest file under `path` (a file or a folder), with its modification time in ms. */
export function newestFile(path: string): { path: string; mtimeMs: number } | undefined {
  if (!existsSync(path)) return undefined;
  const stats = statSync(path);
  if (!stats.isDirectory()) return { path, mtimeMs: stats.mtimeMs };
  let newest: { path: string; mtimeMs: number } | undefined;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED.has(entry.name)) continue;
    const found = newestFile(join(path, entry.name));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/** Why the build must run again, or undefined when dist/ and the apps are up to date. */
export function staleness(base = root): string | undefined {
  const missing = OUTPUTS.find((output) => !existsSync(join(base, output)));
  if (missing) return `${missing} is missing`;
  const stamp = join(base, 'dist/.build-stamp');
  if (!existsSync(stamp)) return 'dist/ has no build stamp (it was not built by `npm run build`)';
  const builtAt = statSync(stamp).mtimeMs;
  for (const input of INPUTS) {
    const newest = newestFile(join(base, input));
    if (newest && newest.mtimeMs > builtAt) return `${relative(base, newest.path)} changed after the last build`;
  }
  return undefined;
}

function main(command: string | undefined): number {
  if (command === 'stamp') {
    writeFileSync(STAMP, `${new Date().toISOString()}\n`);
    return 0;
  }
  const reason = staleness();
  if (command === 'check') {
    console.log(reason ? `Stale: ${reason}.` : 'The build is up to date.');
    return reason ? 1 : 0;
  }
  if (command === 'ensure') {
    if (!reason) {
      console.log('The build is up to date: starting without building (`npm run build` builds anyway).');
      return 0;
    }
    console.log(`Building: ${reason}.`);
    return spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status ?? 1;
  }
  console.error('usage: tsx scripts/build-stamp.ts stamp | ensure | check');
  return 2;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv[2]);
