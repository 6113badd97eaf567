// The property names the script build must never shorten (vite.mangled-properties.ts): those of the
// wire, of the public surface and of the platform. Read from the sources that define them, so that
// a name added there later is caught by test/mangled-properties.test.ts, not by a visitor.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const sources = (dir: string) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test(-d)?\.tsx?$/.test(file))
    .map((file) => join(dir, file));
const words = (text: string) => new Set(text.match(/[A-Za-z_$][\w$]*/g));
const union = (sets: Iterable<Set<string>>) => new Set([...sets].flatMap((set) => [...set]));

/**
 * Files every name of which is wire or public: the public types, the server's frames and their
 * parsers, what tabs post to each other (another tab may run another build), and what the loader
 * and the conversation file hand each other (two builds).
 */
const WIRE_AND_CONTRACT_FILES = [
  ...sources('src/contract'),
  ...sources('src/protocol'),
  'src/store/state.ts',
  'src/tabs/channel-messages.ts',
  'src/loader/conversation-loader.ts',
];

/** Files of the libraries bundled into the script: their names are their API. */
const LIBRARY_FILES = [
  'node_modules/preact/src/index.d.ts',
  'node_modules/preact/src/jsx.d.ts',
  'node_modules/preact/src/dom.d.ts',
  'node_modules/preact/hooks/src/index.d.ts',
  'node_modules/zustand/vanilla.d.ts',
  'node_modules/reconnecting-websocket/reconnecting-websocket.ts',
  'node_modules/reconnecting-websocket/events.ts',
];

/** Names in the wire, contract and library files. */
export function wireContractAndLibraryNames(): Set<string> {
  return union([...WIRE_AND_CONTRACT_FILES, ...LIBRARY_FILES].map((file) => words(read(file))));
}

/**
 * The members of every interface and type exported by a module src/index.ts exports from: the
 * package's types (WebchatHandle…) and the props of its components (WebchatProps).
 */
export function exportedTypeMembers(): Set<string> {
  const modules = [...read('src/index.ts').matchAll(/from '\.\/([\w/-]+)'/g)].map(([, path]) => `src/${path}`);
  // The props of the exported <Webchat> (package.tsx extends the view's), and the feature seam: what
  // the conversation file and the separately built files of features and locales read of each other.
  modules.push('src/ui/Webchat', 'src/seam/types', 'src/strings/strings');
  const files = modules.flatMap((module) => [`${module}.ts`, `${module}.tsx`]).filter((file) => sources('src').includes(file));
  const found: Set<string>[] = [];
  for (const file of files) {
    for (const [, body] of read(file).matchAll(/^export (?:interface|type) \w+[^\n]*\n([\s\S]*?)^[}]/gm)) found.push(words(body ?? ''));
  }
  return union(found);
}

/** Every quoted word in our sources: a name read by string (`'x' in y`, Reflect.get, a table of fields, an attribute) keeps its text. */
export function quotedNames(): Set<string> {
  const text = sources('src').map(read).join('\n');
  return union([...text.matchAll(/(['"`])([^'"`\n]*)\1/g)].map(([, , quoted]) => words(quoted ?? '')));
}

/** Every property of the JavaScript and DOM built-ins (a happy-dom window for the DOM). */
export async function builtInNames(): Promise<Set<string>> {
  const { Window } = await import('happy-dom');
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number) => {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value) || depth > 3) return;
    seen.add(value);
    for (let object: object | null = value; object; object = Object.getPrototypeOf(object)) {
      for (const name of Object.getOwnPropertyNames(object)) {
        names.add(name);
        const descriptor = Object.getOwnPropertyDescriptor(object, name);
        if (descriptor && 'value' in descriptor) visit(descriptor.value, depth + 1);
      }
    }
  };
  const window = new Window();
  visit(globalThis, 0);
  visit(window, 0);
  visit(window.document.createElement('div'), 0);
  await window.happyDOM.close();
  return names;
}
