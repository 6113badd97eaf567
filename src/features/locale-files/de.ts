// The de locale's file (dist/agent-webchat-de.js for the script tag; a chunk of the package).

import type { FeatureTexts } from '../../seam/types';
import { de } from '../../strings/locales/de';
import { localeBundle } from './bundle';

export default localeBundle('de', de, import.meta.glob<FeatureTexts<string>>('../*/strings.ts', { eager: true, import: 'de' }));
