import { build } from 'vite';
import { gzipSync } from 'node:zlib';
const [,, target, stub] = process.argv;
const plugin = { name: 'stub', enforce: 'pre', resolveId(id, importer) { if (target && (id === target || id.endsWith(target))) return stub; } };
const out = await build({ configFile: '/work/main/vite.config.ts', mode: 'script', logLevel: 'silent', plugins: [plugin], build: { write: false } });
const code = (Array.isArray(out) ? out[0] : out).output[0].code;
console.log(target ?? 'base', gzipSync(code, { level: 9 }).length);
