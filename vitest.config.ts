import { defineConfig } from 'vitest/config';
import { preactClassicJsx } from './vite.preact.ts';

// Two projects: DOM-free logic and servers run in node; components run in happy-dom.
export default defineConfig({
  test: {
    // The JSON report feeds scripts/ci-summary.ts (CI reads one plain closing line).
    reporters: ['default', ['json', { outputFile: '.reports/vitest.json' }]],
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'demo/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['src/ui/**', 'src/strings/**', 'demo/console/**', 'node_modules/**'],
          testTimeout: 15000,
          // Every answer a test gets from the reference platform is checked against its OpenAPI
          // document; a file whose answers left it fails (test/platform-answers.setup.ts).
          env: { PLATFORM_VALIDATE_RESPONSES: '1' },
          setupFiles: ['test/platform-answers.setup.ts'],
        },
      },
      {
        plugins: [...preactClassicJsx()],
        test: {
          name: 'dom',
          environment: 'happy-dom',
          // Vitest stubs CSS imports with '' by default; the widget's stylesheet is read as text.
          css: { include: [/(styles|launcher)\.css/] },
          include: [
            'src/ui/**/*.test.{ts,tsx}',
            'src/strings/**/*.test.ts',
            'src/*.test.tsx',
            'src/features/**/*.test.tsx',
            'demo/console/**/*.test.{ts,tsx}',
          ],
          testTimeout: 15000,
        },
      },
    ],
  },
});
