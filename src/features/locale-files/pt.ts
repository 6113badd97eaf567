// The pt locale's file (dist/agent-webchat-pt.js for the script tag; a chunk of the package).

import type { FeatureTexts } from '../../seam/types';
import { pt } from '../../strings/locales/pt';
import { localeBundle } from './bundle';

export default localeBundle('pt', pt, import.meta.glob<FeatureTexts<string>>('../*/strings/pt.ts', { eager: true, import: 'pt' }));

/** The launcher's words, which the script tag's loader takes from this file on a page in this language. */
export { pt as launcher } from '../../strings/launcher-words';
