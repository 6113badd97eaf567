import { defineConfig } from 'vitest/config';

// The cross-engine journey (e2e/engines/): one browser per engine, in turn, against one reference
// server whose fault controls are global — so nothing runs in parallel.
export default defineConfig({
  test: {
    name: 'engines',
    environment: 'node',
    include: ['e2e/engines/**/*.engines.ts'],
    globalSetup: ['e2e/engines/global-setup.ts'],
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: '.reports/engines.json' }]],
  },
});
