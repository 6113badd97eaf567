import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staleness } from '../scripts/build-stamp';

let base = '';
afterEach(() => rmSync(base, { recursive: true, force: true }));

/** A checkout with every output built, every file dated `at` (seconds). */
function builtCheckout(at: number): void {
  base = mkdtempSync(join(tmpdir(), 'build-stamp-'));
  const files = [
    'src/index.ts',
    'demo/console/src/app.tsx',
    'package-lock.json',
    'dist/agent-webchat.js',
    'dist/index.js',
    'demo/npm-app/dist/index.html',
    'demo/react-app/dist/index.html',
    'demo/console/dist/index.html',
    'dist/.build-stamp',
  ];
  for (const file of files) touch(file, at);
}

function touch(file: string, at: number): void {
  const path = join(base, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '');
  utimesSync(path, at, at);
}

describe('build stamp', () => {
  it('is up to date when nothing changed after the stamp', () => {
    builtCheckout(1_000);
    expect(staleness(base)).toBeUndefined();
  });

  it('is stale when an input changed after the stamp, and names it', () => {
    builtCheckout(1_000);
    touch('src/ui/Panel.tsx', 2_000);
    expect(staleness(base)).toBe('src/ui/Panel.tsx changed after the last build');
  });

  it('ignores what the example apps build into their own dist/', () => {
    builtCheckout(1_000);
    touch('demo/console/dist/assets/app.js', 2_000);
    expect(staleness(base)).toBeUndefined();
  });

  it('is stale without a stamp or with an output missing', () => {
    builtCheckout(1_000);
    rmSync(join(base, 'demo/react-app/dist'), { recursive: true });
    expect(staleness(base)).toBe('demo/react-app/dist is missing');
    builtCheckout(1_000);
    rmSync(join(base, 'dist/.build-stamp'));
    expect(staleness(base)).toMatch(/no build stamp/);
  });
});
