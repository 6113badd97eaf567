// The npm example app, built the way a site would build it: `import … from 'agent-webchat'`
// resolved through the package's own `exports` map (dist/index.js), not through src/.
//   npm run build:demo-app   (after `npm run build`, which writes dist/)
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { preactClassicJsx } from '../../vite.preact.ts';

const appRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');

/**
 * Fails the build unless the package came from the built dist/ (what npm users get): a
 * mis-resolved alias would otherwise silently bundle src/ and prove nothing.
 */
function assertPackageFromDist(): Plugin {
  return {
    name: 'assert-package-from-dist',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const fromSrc = ids.filter((id) => id.startsWith(`${repoRoot}/src/`));
      if (!ids.includes(`${repoRoot}/dist/index.js`) || fromSrc.length > 0) {
        this.error(
          `agent-webchat must resolve to ${repoRoot}/dist/index.js (run \`npm run build\` first); src modules bundled: ${fromSrc.length}`,
        );
      }
    },
  };
}

export default defineConfig({
  root: appRoot,
  // Relative asset URLs: the app is served under /npm-app/ by the demo's site server.
  base: './',
  publicDir: false,
  plugins: [...preactClassicJsx({ devtoolsInProd: false, prefreshEnabled: false }), assertPackageFromDist()],
  resolve: {
    // As if installed in node_modules: the package directory, whose package.json `exports` decide.
    alias: [{ find: /^agent-webchat(?=\/|$)/, replacement: repoRoot }],
  },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020' },
});
