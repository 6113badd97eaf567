// The ar locale's file (dist/agent-webchat-ar.js for the script tag; a chunk of the package).

import type { FeatureTexts } from '../../seam/types';
import { ar } from '../../strings/locales/ar';
import { localeBundle } from './bundle';

export default localeBundle('ar', ar, import.meta.glob<FeatureTexts<string>>('../*/strings.ts', { eager: true, import: 'ar' }));
