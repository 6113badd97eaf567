// `npm run openapi:lint`: Redocly CLI's recommended rules over the reference platform's OpenAPI
// document (written to a temporary file, as the CLI reads files). Fails on any error or warning
// beyond those recorded, with their reason, in redocly.yaml's ignore file.

import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPENAPI_DOCUMENT } from '../demo/server/openapi/document';

const root = fileURLToPath(new URL('..', import.meta.url));
const directory = `${root}.reports/openapi`;
mkdirSync(directory, { recursive: true });
writeFileSync(`${directory}/openapi.json`, `${JSON.stringify(OPENAPI_DOCUMENT, null, 2)}\n`);

const result = spawnSync('npx', ['redocly', 'lint', 'platform', '--max-problems', '50'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
