// `npm run platform` serves the console from demo/console/dist/, which `npm run build` writes. A
// checkout that has not built yet gets it built once, in the background after the platform
// listens (startup stays fast); a request for /console/ waits for that build. The build goes to a
// temporary folder renamed into place, so a platform stopped mid-build leaves no half console.

import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `npm run build:console` writes the console. */
export const CONSOLE_DIST = fileURLToPath(new URL('../../console/dist/', import.meta.url));
const CONFIG = fileURLToPath(new URL('../../console/vite.config.ts', import.meta.url));

let building: Promise<void> | undefined;

export function consoleIsBuilt(dir = CONSOLE_DIST): boolean {
  return existsSync(join(dir, 'index.html'));
}

/** The build started by `buildConsoleWhenMissing`, if one is running. */
export function consoleBuildInFlight(): Promise<void> | undefined {
  return building;
}

export function buildConsoleWhenMissing(log: (line: string) => void = (line) => console.error(line)): Promise<void> {
  if (consoleIsBuilt()) return Promise.resolve();
  building ??= build(log).finally(() => {
    building = undefined;
  });
  return building;
}

async function build(log: (line: string) => void): Promise<void> {
  log('The console (/console/) is not built yet: building it once in the background…');
  const temporary = join(CONSOLE_DIST, `../dist.building-${process.pid}`);
  const cleanUp = (): void => rmSync(temporary, { recursive: true, force: true });
  process.once('exit', cleanUp);
  try {
    const { build: viteBuild } = await import('vite');
    await viteBuild({ configFile: CONFIG, logLevel: 'warn', build: { outDir: temporary, emptyOutDir: true } });
    if (!consoleIsBuilt()) {
      rmSync(CONSOLE_DIST, { recursive: true, force: true });
      renameSync(temporary, CONSOLE_DIST);
    }
    log('The console is built.');
  } finally {
    cleanUp();
    process.off('exit', cleanUp);
  }
}
