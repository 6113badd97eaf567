import { defineConfig, type UserConfig } from 'vite';
import { preactClassicJsx } from './vite.preact';

// One Vite build cannot emit both a self-contained IIFE and an ES module with externals, so the
// build runs twice by mode: `--mode script` (dist/agent-webchat.js for <script src>) and
// `--mode package` (ES modules for npm, dependencies left to the consumer's bundler).
//
// Names stay readable in the source; the minifier (Oxc) shortens them in the script bundle,
// including class members written as JavaScript `#private` fields. Dependencies are bundled as
// their packages publish them (reconnecting-websocket's ES module build), never rewritten.
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

export default defineConfig(({ mode }) => {
  if (mode === 'script') {
    // es2022 (every evergreen browser since 2021) keeps class fields and `??=` as written.
    return library(
      { entry: 'src/embed.ts', formats: ['iife'], name: 'AgentWebchatBundle', fileName: () => 'agent-webchat.js' },
      { target: 'es2022' },
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
