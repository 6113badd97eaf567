// The zh locale's file (dist/agent-webchat-zh.js for the script tag; a chunk of the package).

import type { FeatureTexts } from '../../seam/types';
import { zh } from '../../strings/locales/zh';
import { localeBundle } from './bundle';

export default localeBundle('zh', zh, import.meta.glob<FeatureTexts<string>>('../*/strings/zh.ts', { eager: true, import: 'zh' }));

/** The launcher's words, which the script tag's loader takes from this file on a page in this language. */
export { zh as launcher } from '../../strings/launcher-words';
