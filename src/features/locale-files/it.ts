// The it locale's file (dist/agent-webchat-it.js for the script tag; a chunk of the package).

import type { FeatureTexts } from '../../seam/types';
import { it } from '../../strings/locales/it';
import { localeBundle } from './bundle';

export default localeBundle('it', it, import.meta.glob<FeatureTexts<string>>('../*/strings.ts', { eager: true, import: 'it' }));
