import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from './scripts/find-browser';

const port = Number(process.env['E2E_PORT'] ?? 4310);

// One worker: every spec shares one reference server whose fault controls are global.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? findBrowser(),
      args: CHROMIUM_ARGS,
    },
  },
  // Fails the run when the reference platform gave an answer its OpenAPI document does not describe.
  globalTeardown: './e2e/platform-answers.teardown.ts',
  webServer: {
    command: `npx tsx e2e/serve.ts`,
    env: { E2E_PORT: String(port) },
    url: `http://127.0.0.1:${port}/demo/sample.svg`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
