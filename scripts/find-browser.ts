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

export const INSTALL_HINT =
  'agent-webchat: no Chromium found — install one (Debian/Ubuntu: `apt-get install -y chromium`; elsewhere: `npx playwright install chromium`) or set CHROMIUM_PATH to its executable.';
