// Fails when src/ has an import circle or an import that runs against the layers.
// Run: npx tsx scripts/layers.ts (part of `npm test`). Test files (*.test.*) are left out, and
// test support (a `testing/` folder, test-kit.ts, test-helpers.ts) may import any layer, as tests
// do; circles count everywhere. Type-only imports count like any other.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * THE LAYER TABLE: every top-level folder of src/, lowest first. A module may import modules of
 * its own folder and of the folders listed before its own, never of one listed after it. `.` is
 * the files directly in src/ (the entry points). A new folder must be added here.
 */
export const LAYERS: readonly string[] = [
  'protocol', // the wire: types and parsers, nothing else
  'server', // Node helpers for a site's backend (agent-webchat/server)
  'store', // state and the pure reducer
  'contract', // the public types and errors every layer may name
  'strings', // every text a person reads: the UI's table per locale, the host page's error words
  'options', // validation of options and data-* attributes
  'transport', // messaging and Chat REST
  'tabs', // one conversation shared by a site's tabs
  'client', // the headless client: assembly of store, transport, tabs, host events
  'callback', // "Call me": the phone callback's requests and status polling (the site's callbackUrl)
  'voice', // speech in the browser: recognition and synthesis adapters, sentences, the voice-mode controller
  'attention', // what calls a visitor back while the panel is closed: the unread host event, the title counter, the tone
  'seam', // the feature seam: what an optional feature adds (slots, state, host events, strings) and the widget's side of it
  'ui', // Preact components
  'features', // optional features, a folder each (voice, callback…), their registry (which options load which) and the kit they take from the core
  'loader', // the script tag's loader: its launcher without Preact, the conversation fetched on intent
  'element', // <agent-webchat>: attributes and properties to options, the handle's methods and events
  'testing', // fakes and helpers for tests
  '.', // entry points: index.ts, embed.ts (the loader), conversation.ts, handle.ts, mount.ts
];

const SRC = resolve(import.meta.dirname, '../src');
const TABLE = 'scripts/layers.ts (LAYERS)';

const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test(-d)?\.tsx?$/.test(file) && !file.endsWith('.d.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : isSource(path) ? [path] : [];
  });
}

/** The folder of src/ a file belongs to ('.' for the files directly in src/). */
const folderOf = (file: string) => {
  const parts = relative(SRC, file).split('/');
  return parts.length === 1 ? '.' : parts[0]!;
};

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile() && isSource(path));
}

/** Relative imports of a file, `import type` and `export … from` included. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^'";]*?(?:from\s*)?['"](\.[^'"]+)['"]/gm)].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => resolveImport(file, specifier) ?? []);
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const problems: string[] = [];

for (const folder of new Set(files.map(folderOf))) {
  if (!LAYERS.includes(folder)) problems.push(`src/${folder}/ is in no layer: add it to the table in ${TABLE}`);
}
const isTestSupport = (file: string) => /\/testing\/|\/test-kit\.ts$|\/test-helpers\.ts$/.test(file);

for (const [file, imports] of graph) {
  if (isTestSupport(file)) continue;
  const rank = LAYERS.indexOf(folderOf(file));
  for (const target of imports) {
    const targetRank = LAYERS.indexOf(folderOf(target));
    if (rank >= 0 && targetRank > rank) {
      problems.push(
        `upward import: src/${relative(SRC, file)} (${folderOf(file)}) imports src/${relative(SRC, target)} (${folderOf(target)}), a higher layer in ${TABLE}`,
      );
    }
  }
}

// Circles: strongly connected components (Tarjan), each reported once.
let counter = 0;
const order = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
function visit(file: string): void {
  order.set(file, counter);
  low.set(file, counter++);
  stack.push(file);
  onStack.add(file);
  for (const target of graph.get(file) ?? []) {
    if (!order.has(target)) {
      visit(target);
      low.set(file, Math.min(low.get(file)!, low.get(target)!));
    } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, order.get(target)!));
  }
  if (low.get(file) !== order.get(file)) return;
  const component: string[] = [];
  let member: string;
  do {
    member = stack.pop()!;
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1) problems.push(`import circle: ${component.map((path) => `src/${relative(SRC, path)}`).join(' ↔ ')}`);
}
for (const file of files) if (!order.has(file)) visit(file);

if (problems.length) {
  for (const problem of problems) console.error(`layers: ${problem}`);
  process.exit(1);
}
console.log(`layers: ${files.length} modules, no circle, no upward import (${LAYERS.length} layers in ${TABLE})`);
