// `npm run test:e2e`: finds a Chromium (or says in one line what to install), then runs Playwright.
import { spawnSync } from 'node:child_process';
import { findBrowser, INSTALL_HINT } from './find-browser';

const browser = findBrowser();
if (!browser) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: browser },
});
process.exit(result.status ?? 1);
