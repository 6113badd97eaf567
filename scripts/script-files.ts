// The script tag's files beside the loader (dist/agent-webchat-<name>.js): the conversation, a file
// per optional feature (src/features/registry.ts) and one per locale other than English. The build
// (vite.config.ts, scripts/build-parts.ts) and the size check read them from here.
import { existsSync } from 'node:fs';
import { FEATURES } from '../src/features/registry.ts';
import { LOCALES } from '../src/strings/locales.ts';

export interface ScriptPart {
  /** `conversation`, a feature's name or a locale's code. */
  name: string;
  kind: 'transport' | 'feature' | 'locale';
  entry: string;
}

export const fileOf = (name: string) => `agent-webchat-${name}.js`;

/** Every optional part: the Chat REST transport, the features, the locales. */
export const PARTS: readonly ScriptPart[] = [
  // Chat REST, for the pages with a `chatUrl` (src/transport/rest-kit.ts says why it is a file).
  { name: 'rest', kind: 'transport', entry: 'src/transport/rest/file.ts' },
  ...FEATURES.map(({ name }): ScriptPart => {
    const entry = [`src/features/${name}/index.ts`, `src/features/${name}/index.tsx`].find((path) => existsSync(path));
    if (!entry) throw new Error(`src/features/${name}/index.ts is missing (src/features/registry.ts names it)`);
    return { name, kind: 'feature', entry };
  }),
  ...LOCALES.filter((lang) => lang !== 'en').map(
    (lang): ScriptPart => ({ name: lang, kind: 'locale', entry: `src/features/locale-files/${lang}.ts` }),
  ),
];

/**
 * Every file beside the loader, in the order of its digests in the loader's manifest
 * (vite.config.ts; FILE_NAMES in src/loader/conversation-loader.ts): the conversation, the custom
 * element's code (src/element-code.ts), the extras (src/extras.ts: teaser, attention, a kept unread
 * count), then the parts.
 */
export const SCRIPT_FILE_NAMES: readonly string[] = ['conversation', 'element', 'extras', ...PARTS.map((part) => part.name)];
