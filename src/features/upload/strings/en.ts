// Upload: its English texts, which the feature's own file carries (index.tsx); the keys of every other locale's table.
import type { FeatureTexts } from '../../../seam/types';

export const en = {
  attach: 'Attach a file',
  attached: 'Files to send',
  remove: 'Remove %',
  uploading: 'Uploading %',
  cancel: 'Cancel %',
  tryAgain: 'Try again',
  waiting: 'Waits for the connection',
  dropHere: 'Drop files to attach them',
  'too-big': 'too big: the limit is %',
  'too-big-plain': 'too big',
  type: 'this type of file is not accepted',
  empty: 'the file is empty',
  forbidden: 'only during a conversation',
  refused: 'not accepted by the site',
  busy: 'too many files; wait a moment',
  server: 'the site could not keep it',
  network: 'the site could not be reached',
} satisfies FeatureTexts<string>;

export type Key = keyof typeof en;
