// The ja locale's file (dist/agent-webchat-ja.js for the script tag; a chunk of the package).

import type { FeatureTexts } from '../../seam/types';
import { ja } from '../../strings/locales/ja';
import { localeBundle } from './bundle';

export default localeBundle('ja', ja, import.meta.glob<FeatureTexts<string>>('../*/strings.ts', { eager: true, import: 'ja' }));
