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
  queued: 'Waiting to upload',
  uploaded: 'Uploaded',
  dropHere: 'Drop files here to attach them',
  'too-big': 'too big: the limit is %',
  'too-big-plain': 'too big',
  type: 'this type of file is not accepted',
  empty: 'the file is empty',
  forbidden: 'files can be sent only during a conversation',
  refused: 'the site did not accept it',
  busy: 'too many files for now; wait a moment',
  server: 'the site could not keep it',
  network: 'the site could not be reached',
  'too-long': 'too many files for one message',
} satisfies FeatureTexts<string>;

export type Key = keyof typeof en;
