// Where each engine's browser lives on this machine, and the one line to print when it is missing.
import { existsSync } from 'node:fs';
import { findBrowser } from '../../scripts/find-browser';
import type { EngineName } from './adapter';

export const FIREFOX_PATH = process.env['FIREFOX_PATH'] ?? '/usr/lib/firefox-esr/firefox-esr';
export const WEBKIT_DRIVER_PATH = process.env['WEBKIT_DRIVER_PATH'] ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkitgtk-6.0/MiniBrowser',
];
const XVFB_RUN_PATH = '/usr/bin/xvfb-run';

export function minibrowserPath(): string | undefined {
  const fromEnv = process.env['MINIBROWSER_PATH'];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return MINIBROWSER_CANDIDATES.find((candidate) => existsSync(candidate));
}

export function chromiumPath(): string | undefined {
  return findBrowser();
}

/** Debian packages each engine needs that are not on this machine (empty: ready). */
export function missingPackages(engine: EngineName): string[] {
  if (engine === 'chromium') return chromiumPath() ? [] : ['chromium'];
  if (engine === 'firefox') return existsSync(FIREFOX_PATH) ? [] : ['firefox-esr'];
  const missing: string[] = [];
  if (!existsSync(WEBKIT_DRIVER_PATH) || !minibrowserPath()) missing.push('webkit2gtk-driver');
  if (!existsSync(XVFB_RUN_PATH)) missing.push('xvfb');
  return missing;
}
