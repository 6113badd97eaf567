// The platform console (`/console/` on the reference platform's port): a Preact app built into
// demo/console/dist/, which the platform serves. `npm run build:console` builds it; `npm run
// platform` builds it first when dist/ is missing.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { preactClassicJsx } from '../../vite.preact.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  publicDir: false,
  logLevel: 'warn',
  plugins: [...preactClassicJsx({ devtoolsInProd: false, prefreshEnabled: false })],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020', reportCompressedSize: false },
});
