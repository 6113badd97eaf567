// The ja locale's file (dist/agent-webchat-ja.js for the script tag; a chunk of the package).

import type { FeatureTexts } from '../../seam/types';
import { ja } from '../../strings/locales/ja';
import { localeBundle } from './bundle';

export default localeBundle('ja', ja, import.meta.glob<FeatureTexts<string>>('../*/strings/ja.ts', { eager: true, import: 'ja' }));

/** The launcher's words, which the script tag's loader takes from this file on a page in this language. */
export { ja as launcher } from '../../strings/launcher-words';
