// The fr locale's file (dist/agent-webchat-fr.js for the script tag; a chunk of the package).

import type { FeatureTexts } from '../../seam/types';
import { fr } from '../../strings/locales/fr';
import { localeBundle } from './bundle';

export default localeBundle('fr', fr, import.meta.glob<FeatureTexts<string>>('../*/strings/fr.ts', { eager: true, import: 'fr' }));

/** The launcher's words, which the script tag's loader takes from this file on a page in this language. */
export { fr as launcher } from '../../strings/launcher-words';
