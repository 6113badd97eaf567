import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { fileOf, PARTS, SCRIPT_FILE_NAMES } from './scripts/script-files.ts';
import { mangledPropertiesPattern } from './vite.mangled-properties.ts';
import { preactClassicJsx } from './vite.preact.ts';

// One Vite build cannot emit both a self-contained IIFE and an ES module with externals, so the
// build runs by mode: `--mode conversation` (dist/agent-webchat-conversation.js: the widget, which
// the script tag's loader fetches on intent), `--mode part` once per optional part
// (scripts/build-parts.ts: dist/agent-webchat-<feature or locale>.js), `--mode element`
// (dist/agent-webchat-element.js: what <agent-webchat> does, fetched when an element first needs
// it), `--mode extras` (dist/agent-webchat-extras.js: the teaser, `attention` and a kept unread
// count, fetched only for them), then `--mode script`
// (dist/agent-webchat.js for <script src>: the loader, with every file's integrity hash built in),
// and `--mode package` (ES modules for npm, dependencies left to the consumer's bundler; each
// feature and locale a chunk of its own, imported on demand).
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

const CONVERSATION_FILE = fileOf('conversation');
/** What <agent-webchat> does, fetched by the loader when an element first needs it (src/element-code.ts). */
const ELEMENT_FILE = fileOf('element');
/** The teaser, `attention` and an unread count kept across a reload, fetched by the loader only for them (src/extras.ts). */
const EXTRAS_FILE = fileOf('extras');

/**
 * What the loader needs to know of the files beside it, built just before it: each one's SHA-256
 * digest, for its SRI integrity (the browser refuses any other content) and its version query. The
 * manifest is as small as it can be, for every page view carries it: SHA-256, the smallest hash SRI
 * takes, in base64 without its padding, one digest after the other in the order the loader knows
 * (FILE_NAMES in src/loader/conversation-loader.ts: the conversation, the custom element's code,
 * the extras, Chat REST, the features, the locales; test/script-files.test.ts keeps the two orders equal).
 */
function fileDigests(): Record<string, string> {
  let digests = '';
  for (const name of SCRIPT_FILE_NAMES) {
    let content: Buffer;
    try {
      content = readFileSync(new URL(`./dist/${fileOf(name)}`, import.meta.url));
    } catch {
      throw new Error(
        `dist/${fileOf(name)} is missing: the conversation, the element's and extras files and the parts are built first (npm run build)`,
      );
    }
    digests += createHash('sha256').update(content).digest('base64').replace(/=$/, '');
  }
  return { __FILE_DIGESTS__: JSON.stringify(digests) };
}

/** What a part takes from the conversation at run time (src/conversation.ts `share`): the features' kit, Chat REST's. */
const SHARED_KIT = /(^|\/)(rest-)?kit(\.ts)?$/;

/**
 * A part's module as a factory, `function (require) { …its code…; return { …its exports } }`,
 * handed to the conversation by an event on its own <script> element. The part is built as an ES
 * module, and its import of the kit becomes one destructuring of what `require` hands it: each name
 * of the kit is then a local of the factory (`h(…)`), where CommonJS output reads every use through
 * the module object (`(0, kit.h)(…)`), and no interop header marks the exports.
 */
const KIT_IMPORT = /^import\{([^}]*)\}from"([^"]+)";/;
const EXPORTS = /export\{([^}]*)\};?\s*$/;
/** `a as b, c` (an import's or an export's list, as the minifier writes it) → `[[a, b], [c, c]]`. */
const bindings = (list: string) =>
  list.split(',').map((binding) => {
    const [name = '', local = name] = binding.split(' as ');
    return [name.trim(), local.trim()] as const;
  });
const handOverOnItsScript: Plugin = {
  name: 'hand-over-on-its-script',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type !== 'chunk') continue;
      // Beside any external but the kit, the part would need what the conversation does not share.
      const foreign = file.imports.filter((id) => !SHARED_KIT.test(id));
      if (foreign.length)
        this.error(
          `${file.fileName} imports ${foreign.join(', ')}: a part takes from the core only src/features/kit.ts or src/transport/rest-kit.ts`,
        );
      // The bundler's annotations for the minifier (`/* @__PURE__ */ h(…)`) are kept in its ES output, after minification: they mean nothing to a browser.
      let code = file.code.replaceAll('/* @__PURE__ */', '');
      const required: string[] = [];
      for (let match = KIT_IMPORT.exec(code); match; match = KIT_IMPORT.exec(code)) {
        const names = bindings(match[1] ?? '').map(([name, local]) => (name === local ? name : `${name}:${local}`));
        required.push(`const{${names.join(',')}}=require(${JSON.stringify(match[2])});`);
        code = code.slice(match[0].length);
      }
      const exported = EXPORTS.exec(code);
      if (exported) code = code.slice(0, exported.index);
      if (required.length !== file.imports.length || /(^|[;}])(import|export)\b/.test(code))
        this.error(`${file.fileName}: its imports and exports are not in the form this plugin rewrites (vite.config.ts)`);
      const exports = bindings(exported?.[1] ?? '').filter(([local]) => local);
      const returned = exports.map(([local, name]) => (local === name ? name : `${name}:${local}`));
      file.code = `document.currentScript.dispatchEvent(new CustomEvent("agent-webchat:file",{detail:function(require){${required.join('')}${code}\nreturn{${returned.join(',')}}}}));`;
    }
  },
};

/** A part never carries a copy of the core: the conversation's Preact, UI, store or texts would run twice (Chat REST's own folder is the rest file's). */
const noCoreCopies: Plugin = {
  name: 'no-core-copies',
  generateBundle(_options, bundle) {
    const core =
      /\/node_modules\/preact\/|\/src\/(ui|store|transport(?!\/rest\/)|tabs|client\/(?!clock))\/|\/src\/strings\/strings\.ts|\/src\/seam\/feature-/;
    for (const file of Object.values(bundle)) {
      if (file.type !== 'chunk') continue;
      const copies = file.moduleIds.filter((id) => core.test(id));
      if (copies.length)
        this.error(
          `${file.fileName} carries core modules: ${copies.join(', ')} (import them from src/features/kit.ts or src/transport/rest-kit.ts)`,
        );
    }
  },
};

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
 * view: −1.7 ms of a blank page's script on the bench machine (docs/performance.md). Written
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
  if (mode === 'part') {
    const part = PARTS.find(({ name }) => name === process.env['AGENT_WEBCHAT_PART']);
    if (!part)
      throw new Error(`--mode part needs AGENT_WEBCHAT_PART, one of ${PARTS.map(({ name }) => name).join(', ')} (scripts/build-parts.ts)`);
    const config = scriptBuild(
      library(
        { entry: part.entry, formats: ['es'], fileName: () => fileOf(part.name) },
        { target: 'es2022', rolldownOptions: { external: (id) => SHARED_KIT.test(id) } },
      ),
    );
    return { ...config, plugins: [...(config.plugins ?? []), handOverOnItsScript, noCoreCopies] };
  }
  if (mode === 'element') {
    const config = scriptBuild(
      library(
        { entry: 'src/element-code.ts', formats: ['iife'], name: 'AgentWebchatElement', fileName: () => ELEMENT_FILE },
        { target: 'es2022' },
      ),
    );
    // As in the loader, nearly every function of the element's file runs as an element connects.
    return { ...config, plugins: [...(config.plugins ?? []), compileAllFunctionsOnLoad] };
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
    return { ...config, plugins: [...(config.plugins ?? []), compileAllFunctionsOnLoad], define: fileDigests() };
  }
  if (mode === 'package') {
    // The stylesheet is a string in the JavaScript, which no consumer's bundler minifies: it is
    // minified here, even though the JavaScript itself is not.
    return library(
      {
        entry: { index: 'src/index.ts', element: 'src/element.ts', server: 'src/server/index.ts' },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      {
        minify: false,
        cssMinify: 'lightningcss',
        rolldownOptions: {
          external: [
            /^preact(\/.*)?$/,
            /^zustand(\/.*)?$/,
            /^reconnecting-websocket$/,
            /^libphonenumber-js(\/.*)?$/,
            /^rate-limiter-flexible(\/.*)?$/,
            // Uploads: parsed, judged and re-encoded by the site's own copies; S3 only when the site has it.
            /^busboy$/,
            /^file-type(\/.*)?$/,
            /^sharp$/,
            /^@aws-sdk\//,
            /^node:/,
          ],
        },
      },
    );
  }
  // Dev server for the demo page and the npm-import example.
  return { plugins: [...preactClassicJsx()] };
});
