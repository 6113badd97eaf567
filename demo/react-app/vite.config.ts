// The React 19 example app, built the way a React site would build it: <agent-webchat> from
// `import 'agent-webchat/element/react'`, resolved through the package's own `exports` map
// (dist/element.js), not through src/. React and react-dom are dev dependencies of this repository
// only: the package itself depends on neither.
//   npm run build:react-app   (after `npm run build`, which writes dist/)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const appRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');

/** Fails the build unless the element came from the built dist/ (what npm users get). */
function assertElementFromDist(): Plugin {
  return {
    name: 'assert-element-from-dist',
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const fromSrc = ids.filter((id) => id.startsWith(`${repoRoot}/src/`));
      if (!ids.includes(`${repoRoot}/dist/element.js`) || fromSrc.length > 0) {
        this.error(
          `agent-webchat/element must resolve to ${repoRoot}/dist/element.js (run \`npm run build\` first); src modules bundled: ${fromSrc.length}`,
        );
      }
    },
  };
}

/**
 * Resolves `agent-webchat/…` as a bundler resolves an installed package: through the `import`
 * condition of package.json's `exports` (a subpath missing there fails the build).
 */
function packageExports(): Plugin {
  const exportsMap: Record<string, { import?: string }> = JSON.parse(readFileSync(`${repoRoot}/package.json`, 'utf8')).exports;
  return {
    name: 'package-exports',
    enforce: 'pre',
    resolveId(source) {
      if (source !== 'agent-webchat' && !source.startsWith('agent-webchat/')) return;
      const target = exportsMap[`.${source.slice('agent-webchat'.length)}`]?.import;
      if (!target) return this.error(`package.json exports no "${source}"`);
      return `${repoRoot}/${target.replace(/^\.\//, '')}`;
    },
  };
}

export default defineConfig({
  root: appRoot,
  // Relative asset URLs: the app is served under /react-app/ by the demo's site server.
  base: './',
  publicDir: false,
  // React's classic transform (each file imports React): no jsx-runtime to configure.
  oxc: { jsx: { runtime: 'classic', pragma: 'React.createElement', pragmaFrag: 'React.Fragment', development: false } },
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [packageExports(), assertElementFromDist()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
});
