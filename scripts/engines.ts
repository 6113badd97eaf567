// `npm run test:engines [chromium|firefox|webkit …]`: the cross-engine journey (e2e/engines/).
// Checks first that every engine's browser is installed and, when one is not, says in ONE line
// which Debian packages to install (and records the failed step for scripts/ci-summary.ts).
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { ENGINE_NAMES, type EngineName } from '../e2e/engines/adapter';
import { missingPackages } from '../e2e/engines/browsers';

const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = asked.filter((name) => !ENGINE_NAMES.some((known) => known === name));
if (unknown.length > 0) {
  console.error(`agent-webchat: unknown engine ${unknown.join(', ')} — choose from ${ENGINE_NAMES.join(', ')}.`);
  process.exit(2);
}
const engines: EngineName[] = ENGINE_NAMES.filter((name) => asked.length === 0 || asked.includes(name));

const missing = [...new Set(engines.flatMap(missingPackages))];
if (missing.length > 0) {
  console.error(
    `agent-webchat: the cross-engine tests need ${missing.join(', ')} — install with \`apt-get install -y ${missing.join(' ')}\` (Debian/Ubuntu).`,
  );
  mkdirSync('.reports', { recursive: true });
  appendFileSync('.reports/steps.txt', 'engines-browsers 1\n');
  process.exit(1);
}

const result = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'vitest.engines.config.ts', ...process.argv.slice(2).filter((arg) => arg.startsWith('-'))],
  {
    stdio: 'inherit',
    env: { ...process.env, ENGINES: engines.join(',') },
  },
);
process.exit(result.status ?? 1);
