// Checks what `npm pack` would publish: the script tag's loader and the files it fetches, the ES entry points and their
// declarations, the custom element's manifest — and nothing from src/, tests, test helpers, source maps or the demo.
// Then imports `agent-webchat/element` as server-side rendering would (Node, no DOM): it must not throw.
import { execFileSync } from 'node:child_process';

const REQUIRED = [
  'dist/agent-webchat.js',
  'dist/agent-webchat-conversation.js',
  'dist/agent-webchat-element.js',
  'dist/agent-webchat-extras.js',
  'dist/index.js',
  'dist/element.js',
  'dist/server.js',
  'dist/types/index.d.ts',
  'dist/types/element.d.ts',
  'dist/types/element-react.d.ts',
  'dist/types/element-preact.d.ts',
  'dist/types/server/index.d.ts',
  'custom-elements.json',
  'package.json',
  'README.md',
];
const FORBIDDEN: [RegExp, string][] = [
  [/^src\//, 'source file'],
  [/\.test\.|\/testing\/|test-kit|test-helpers/, 'test code'],
  [/\.map$/, 'source map'],
  [/^(demo|e2e|bench|scripts)\//, 'repository tooling'],
];

function packedFiles(): string[] {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const parsed: unknown = JSON.parse(output);
  const first: unknown = Array.isArray(parsed) ? parsed[0] : undefined;
  const files: unknown = typeof first === 'object' && first !== null ? Reflect.get(first, 'files') : undefined;
  if (!Array.isArray(files)) throw new Error('npm pack --json gave no file list');
  return files.flatMap((file: unknown) => {
    const path: unknown = typeof file === 'object' && file !== null ? Reflect.get(file, 'path') : undefined;
    return typeof path === 'string' ? [path] : [];
  });
}

const files = packedFiles();
const problems = [
  ...REQUIRED.filter((path) => !files.includes(path)).map((path) => `missing ${path}`),
  ...files.flatMap((path) => FORBIDDEN.filter(([pattern]) => pattern.test(path)).map(([, what]) => `${what} in the package: ${path}`)),
];
if (problems.length > 0) {
  for (const problem of problems) console.error(`pack: ${problem}`);
  process.exit(1);
}
/** Built by `npm run build`, not known to the type-check that runs before it. */
const elementModule = new URL('../dist/element.js', import.meta.url).href;
try {
  await import(elementModule);
} catch (error) {
  console.error(`pack: importing dist/element.js without a DOM threw: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(`pack: ${files.length} files, the script tag's files, ES entry points, declarations and the element's manifest only`);
