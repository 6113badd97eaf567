// The de locale's file (dist/agent-webchat-de.js for the script tag; a chunk of the package).

import type { FeatureTexts } from '../../seam/types';
import { de } from '../../strings/locales/de';
import { localeBundle } from './bundle';

export default localeBundle('de', de, import.meta.glob<FeatureTexts<string>>('../*/strings/de.ts', { eager: true, import: 'de' }));

/** The launcher's words, which the script tag's loader takes from this file on a page in this language. */
export { de as launcher } from '../../strings/launcher-words';
