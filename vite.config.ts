import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { mangledPropertiesPattern } from './vite.mangled-properties';
import { preactClassicJsx } from './vite.preact';

// One Vite build cannot emit both a self-contained IIFE and an ES module with externals, so the
// build runs by mode: `--mode conversation` (dist/agent-webchat-conversation.js: the widget, which
// the script tag's loader fetches on intent), then `--mode script` (dist/agent-webchat.js for
// <script src>: the loader, with the conversation file's integrity hash built in), and
// `--mode package` (ES modules for npm, dependencies left to the consumer's bundler).
//
// Names stay readable in the source; size work for the two script builds lives here (`scriptBuild`),
// each measure with what it saved when it came (gzip, both files together; 45.59 → 44.27 KB in all):
// - Terser, not Oxc, minifies them (`passes: 3` and top-level names of the IIFE mangled; the
//   options it calls unsafe hold for this code: no getter with side effects is read for effect,
//   and no function expression is called with `new`): −0.10 KB. It shortens class members written
//   as JavaScript `#private` fields too.
// - In the conversation file, Terser also shortens the property names listed in
//   vite.mangled-properties.ts (transport internals, the reducer's draft, our components' props), as
//   Preact's own build does; test/mangled-properties.test.ts keeps wire, public and built-in names
//   out of that list. The store's state is public (`client.store`) and keeps its names: −0.37 KB.
// - Dependencies are bundled unmodified, never rewritten. reconnecting-websocket is compiled from
//   the TypeScript source its package ships rather than from its ES5 build: −0.65 KB. Its debug
//   logging calls are dropped by the minifier (`pure_funcs`), as a build drops console calls: −0.19 KB.
//
// No source maps are built or shipped: the package's ES modules are not minified (a bundler's own
// maps point into readable code), and a map beside the script bundle would hand our sources to
// every page that loads it from a CDN. Debug against the ES build or `npm start`.
const library = (lib: NonNullable<NonNullable<UserConfig['build']>['lib']>, build: UserConfig['build'] = {}): UserConfig => ({
  plugins: [...preactClassicJsx({ devtoolsInProd: false, prefreshEnabled: false })],
  // The stylesheet writes each colour once, as light-dark(light, dark); for the browsers the build
  // targets that lack it, Lightning CSS writes the fallback (helper variables set by color-scheme).
  publicDir: false,
  build: { outDir: 'dist', emptyOutDir: false, target: 'es2020', sourcemap: false, lib, ...build },
});

const CONVERSATION_FILE = 'agent-webchat-conversation.js';
/** The teaser and the unread count after a reload, fetched by the loader only for them. */
const EXTRAS_FILE = 'agent-webchat-extras.js';

/**
 * What the loader needs to know of a file it fetches, built just before it: its name with a
 * version query from its content (a cached copy of an older build is never taken for this one)
 * and its SRI integrity (the browser refuses any other content), as `__<NAME>_FILE__` and
 * `__<NAME>_INTEGRITY__`.
 */
function fetchedFile(name: string, file: string, mode: string): Record<string, string> {
  let content: Buffer;
  try {
    content = readFileSync(new URL(`./dist/${file}`, import.meta.url));
  } catch {
    throw new Error(`dist/${file} is missing: \`vite build --mode ${mode}\` comes first (npm run build)`);
  }
  const version = createHash('sha256').update(content).digest('hex').slice(0, 12);
  const integrity = `sha384-${createHash('sha384').update(content).digest('base64')}`;
  return {
    [`__${name}_FILE__`]: JSON.stringify(`${file}?v=${version}`),
    [`__${name}_INTEGRITY__`]: JSON.stringify(integrity),
  };
}

/**
 * The conversation file is mounted onto the loader's host element, whose shadow root already has
 * the base and launcher styles (src/ui/launcher.css) from the loader: they are not shipped twice.
 * The widget adds its own stylesheet after them, in the order of the whole stylesheet.
 */
const launcherStylesFromTheLoader: Plugin = {
  name: 'launcher-styles-from-the-loader',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './launcher.css?inline' && importer?.endsWith('/src/ui/styles.ts')) return '\0launcher-styles-from-the-loader';
  },
  load(id) {
    if (id === '\0launcher-styles-from-the-loader') return 'export default "";';
  },
};

/**
 * V8's explicit compile hint for the whole file (Chrome 136+; other engines read a comment): nearly
 * every function of the loader runs as the page loads, so compiling them with the script, rather
 * than lazily at each first call (a second parse of each), takes main-thread time off every page
 * view: −1.7 ms of a blank page's script on the bench machine (README, "Performance"). Written
 * after minification, which would drop the comment.
 */
const compileAllFunctionsOnLoad: Plugin = {
  name: 'compile-all-functions-on-load',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type === 'chunk') file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
    }
  },
};

/** What the two script builds (conversation and loader) share beyond `library`. */
const scriptBuild = (config: UserConfig, { mangleProperties = false } = {}): UserConfig => ({
  ...config,
  resolve: { alias: { 'reconnecting-websocket': 'reconnecting-websocket/reconnecting-websocket.ts' } },
  build: {
    ...config.build,
    minify: 'terser',
    terserOptions: {
      ecma: 2022,
      module: false,
      toplevel: true,
      // reconnecting-websocket's `debug` option, which we never set, logs through `this._debug(…)`:
      // those calls go, with their texts — and with them any way for the library to log the
      // socket URL, which carries the access token.
      compress: { passes: 3, pure_getters: true, unsafe_arrows: true, pure_funcs: ['this._debug'] },
      mangle: { toplevel: true, ...(mangleProperties && { properties: { regex: mangledPropertiesPattern } }) },
    },
  },
});

export default defineConfig(({ mode }) => {
  // es2022 (every evergreen browser since 2021) keeps class fields and `??=` as written.
  if (mode === 'conversation') {
    const config = scriptBuild(
      library(
        { entry: 'src/conversation.ts', formats: ['iife'], name: 'AgentWebchatConversation', fileName: () => CONVERSATION_FILE },
        { target: 'es2022' },
      ),
      { mangleProperties: true },
    );
    return { ...config, plugins: [launcherStylesFromTheLoader, ...(config.plugins ?? [])] };
  }
  if (mode === 'extras') {
    return scriptBuild(
      library({ entry: 'src/extras.ts', formats: ['iife'], name: 'AgentWebchatExtras', fileName: () => EXTRAS_FILE }, { target: 'es2022' }),
    );
  }
  if (mode === 'script') {
    const config = scriptBuild(
      library(
        { entry: 'src/embed.ts', formats: ['iife'], name: 'AgentWebchatBundle', fileName: () => 'agent-webchat.js' },
        { target: 'es2022' },
      ),
    );
    return {
      ...config,
      plugins: [...(config.plugins ?? []), compileAllFunctionsOnLoad],
      define: { ...fetchedFile('CONVERSATION', CONVERSATION_FILE, 'conversation'), ...fetchedFile('EXTRAS', EXTRAS_FILE, 'extras') },
    };
  }
  if (mode === 'package') {
    // The stylesheet is a string in the JavaScript, which no consumer's bundler minifies: it is
    // minified here, even though the JavaScript itself is not.
    return library(
      { entry: { index: 'src/index.ts', server: 'src/server/index.ts' }, formats: ['es'], fileName: (_format, name) => `${name}.js` },
      {
        minify: false,
        cssMinify: 'lightningcss',
        rolldownOptions: {
          external: [/^preact(\/.*)?$/, /^zustand(\/.*)?$/, /^reconnecting-websocket$/, /^libphonenumber-js(\/.*)?$/, /^node:/],
        },
      },
    );
  }
  // Dev server for the demo page and the npm-import example.
  return { plugins: [...preactClassicJsx()] };
});
