// Earlier conversations: the English texts, which the feature's own file carries (index.tsx); the keys of every other locale's table.
import type { FeatureTexts } from '../../../seam/types';

export const en = {
  earlierConversations: 'Earlier conversations',
  back: 'Back',
  forget: 'Forget my conversations',
  forgetQuestion: 'Forget all your earlier conversations? This cannot be undone.',
  forgetConfirm: 'Forget them',
  forgotten: 'Your earlier conversations are forgotten.',
  'channel-chat': 'Chat',
  'channel-phone': 'Phone call',
  loading: 'Loading…',
  failed: 'This could not be loaded.',
  readOnly: 'A past conversation, read only.',
} satisfies FeatureTexts<string>;

export type Key = keyof typeof en;
