// The it locale's file (dist/agent-webchat-it.js for the script tag; a chunk of the package).

import type { FeatureTexts } from '../../seam/types';
import { it } from '../../strings/locales/it';
import { localeBundle } from './bundle';

export default localeBundle('it', it, import.meta.glob<FeatureTexts<string>>('../*/strings/it.ts', { eager: true, import: 'it' }));

/** The launcher's words, which the script tag's loader takes from this file on a page in this language. */
export { it as launcher } from '../../strings/launcher-words';
