// The zh locale's file (dist/agent-webchat-zh.js for the script tag; a chunk of the package).

import type { FeatureTexts } from '../../seam/types';
import { zh } from '../../strings/locales/zh';
import { localeBundle } from './bundle';

export default localeBundle('zh', zh, import.meta.glob<FeatureTexts<string>>('../*/strings.ts', { eager: true, import: 'zh' }));
