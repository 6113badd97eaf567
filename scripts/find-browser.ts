// Finds a Chromium for Playwright: $CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own
// download. Exits with ONE line saying what to install when none exists.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export function findBrowser(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright throws when its own browser was never downloaded: fall through.
  }
  return undefined;
}

/**
 * Flags every Chromium launch of the project uses (Playwright, the benchmarks, the cross-engine
 * journey): headless, no sandbox (root in CI), and none of the background traffic a machine with
 * no network would see refused.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const INSTALL_HINT =
  'agent-webchat: no Chromium found — install one (Debian/Ubuntu: `apt-get install -y chromium`; elsewhere: `npx playwright install chromium`) or set CHROMIUM_PATH to its executable.';
