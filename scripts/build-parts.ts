// Builds the script tag's optional parts, one file each (a Vite build per part: a part must carry
// everything of its own and nothing it shares with another). Run by `npm run build` after the
// conversation and before the loader, which gets their integrity hashes.
import { build } from 'vite';
import { PARTS } from './script-files';

for (const part of PARTS) {
  process.env['AGENT_WEBCHAT_PART'] = part.name;
  await build({ mode: 'part', logLevel: 'warn' });
}
console.log(`build-parts: ${PARTS.map((part) => part.name).join(', ')}`);
