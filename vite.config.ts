import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { preactClassicJsx } from './vite.preact';

// One Vite build cannot emit both a self-contained IIFE and an ES module with externals, so the
// build runs twice by mode: `--mode script` (dist/agent-webchat.js for <script src>) and
// `--mode package` (ES modules for npm, dependencies left to the consumer's bundler).
//
// Names stay readable in the source; the minifier (Oxc) shortens them in the script bundle,
// including class members written as JavaScript `#private` fields.
//
// No source maps are built or shipped: the package's ES modules are not minified (a bundler's own
// maps point into readable code), and a map beside the script bundle would hand our sources to
// every page that loads it from a CDN. Debug against the ES build or `npm start`.
const library = (
  lib: NonNullable<NonNullable<UserConfig['build']>['lib']>,
  build: UserConfig['build'] = {},
  plugins: Plugin[] = [],
): UserConfig => ({
  plugins: [...preactClassicJsx({ devtoolsInProd: false, prefreshEnabled: false }), ...plugins],
  publicDir: false,
  build: { outDir: 'dist', emptyOutDir: false, target: 'es2020', sourcemap: false, lib, ...build },
});

/**
 * The script bundle compiles reconnecting-websocket from the TypeScript source its package ships:
 * its published JavaScript is ES5 (a defineProperty per getter, helpers for classes and spread),
 * and as es2022 classes the same code is about 700 bytes gzip smaller. Two mechanical rewrites
 * of that source save about 370 bytes more:
 * - its debug logging goes (statements `this._debug(…);`): it logs only with the `debug` option,
 *   which the widget never sets;
 * - its internals, written `private _name` and only ever read as `this._name`, become JavaScript
 *   `#name` members, which the minifier shortens.
 * The build fails if the source has another shape (a new version of the library), rather than
 * ship a half-rewritten class.
 */
const reconnectingWebSocketFromSource: Plugin = {
  name: 'reconnecting-websocket-from-source',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === 'reconnecting-websocket') return this.resolve('reconnecting-websocket/reconnecting-websocket.ts', importer);
  },
  transform(code, id) {
    if (!id.endsWith('/reconnecting-websocket/reconnecting-websocket.ts')) return;
    const rewritten = code
      .replace(/^\s*this\._debug\(.*\);$/gm, '')
      .replace(/\bprivate (readonly )?_(\w+)/g, '#$2')
      .replace(/\bthis\._(\w+)/g, 'this.#$1');
    const leftover = /\b_[a-z]\w*|this\.#debug\(/i.exec(rewritten);
    if (leftover) throw new Error(`reconnecting-websocket: unexpected "${leftover[0]}" after the rewrite`);
    return rewritten;
  },
};

export default defineConfig(({ mode }) => {
  if (mode === 'script') {
    // es2022 (every evergreen browser since 2021) keeps class fields and `??=` as written.
    return library(
      { entry: 'src/embed.ts', formats: ['iife'], name: 'AgentWebchatBundle', fileName: () => 'agent-webchat.js' },
      { target: 'es2022' },
      [reconnectingWebSocketFromSource],
    );
  }
  if (mode === 'package') {
    // The stylesheet is a string in the JavaScript, which no consumer's bundler minifies: it is
    // minified here, even though the JavaScript itself is not.
    return library(
      { entry: { index: 'src/index.ts', server: 'src/server/index.ts' }, formats: ['es'], fileName: (_format, name) => `${name}.js` },
      {
        minify: false,
        cssMinify: 'lightningcss',
        rolldownOptions: { external: [/^preact(\/.*)?$/, /^zustand(\/.*)?$/, /^reconnecting-websocket$/, /^node:/] },
      },
    );
  }
  // Dev server for the demo page and the npm-import example.
  return { plugins: [...preactClassicJsx()] };
});
