// The ar locale's file (dist/agent-webchat-ar.js for the script tag; a chunk of the package).

import type { FeatureTexts } from '../../seam/types';
import { ar } from '../../strings/locales/ar';
import { localeBundle } from './bundle';

export default localeBundle('ar', ar, import.meta.glob<FeatureTexts<string>>('../*/strings/ar.ts', { eager: true, import: 'ar' }));

/** The launcher's words, which the script tag's loader takes from this file on a page in this language. */
export { ar as launcher } from '../../strings/launcher-words';
