// The es locale's file (dist/agent-webchat-es.js for the script tag; a chunk of the package).

import type { FeatureTexts } from '../../seam/types';
import { es } from '../../strings/locales/es';
import { localeBundle } from './bundle';

export default localeBundle('es', es, import.meta.glob<FeatureTexts<string>>('../*/strings/es.ts', { eager: true, import: 'es' }));

/** The launcher's words, which the script tag's loader takes from this file on a page in this language. */
export { es as launcher } from '../../strings/launcher-words';
