// Prints the one closing line CI reads — `N passed, N failed` — from the JSON reports vitest (unit and
// cross-engine) and Playwright wrote, plus one failure per step of the test command that produced no report
// (typecheck, build, size check) and failed.
import { existsSync, readFileSync } from 'node:fs';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function readJson(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function num(record: unknown, key: string): number {
  if (typeof record !== 'object' || record === null) return 0;
  const value: unknown = Reflect.get(record, key);
  return typeof value === 'number' ? value : 0;
}

function vitestCounts(report: unknown): Counts {
  return {
    passed: num(report, 'numPassedTests'),
    failed: num(report, 'numFailedTests') + (num(report, 'numFailedTestSuites') > 0 && num(report, 'numFailedTests') === 0 ? 1 : 0),
    skipped: num(report, 'numPendingTests') + num(report, 'numTodoTests'),
  };
}

function playwrightCounts(report: unknown): Counts {
  const stats: unknown = typeof report === 'object' && report !== null ? Reflect.get(report, 'stats') : undefined;
  return {
    passed: num(stats, 'expected') + num(stats, 'flaky'),
    failed: num(stats, 'unexpected'),
    skipped: num(stats, 'skipped'),
  };
}

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const add = (c: Counts) => {
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
};
add(vitestCounts(readJson('.reports/vitest.json')));
add(playwrightCounts(readJson('.reports/playwright.json')));
add(vitestCounts(readJson('.reports/engines.json')));

// Steps without a JSON report: each listed in .reports/steps.txt as `<name> <exit code>`.
if (existsSync('.reports/steps.txt')) {
  for (const line of readFileSync('.reports/steps.txt', 'utf8').split('\n')) {
    const [name, code] = line.trim().split(/\s+/);
    if (!name || code === undefined) continue;
    if (code === '0') total.passed += 1;
    else total.failed += 1;
  }
}
const exitCode = Number(process.argv[2] ?? '0');
if (exitCode !== 0 && total.failed === 0) total.failed = 1;
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
