// "Call me": its English texts, which the feature's own file carries (index.ts); the keys of every other locale's table.
import type { FeatureTexts } from '../../../seam/types';

export const en = {
  callMe: 'Call me',
  phoneNumber: 'Phone number',
  country: 'Country',
  requestCall: 'Request call',
  callbackConsent: 'We will call this number once, about this conversation.',
  'callback-requested': 'Call requested…',
  'callback-calling': 'Calling you now…',
  'callback-connected': 'Call connected. The call carries on this conversation.',
  'callback-failed': 'The call did not go through.',
  'callback-ended': 'The call has ended.',
  'callback-invalid_number': 'Enter a valid phone number.',
  'callback-country_not_allowed': 'We cannot call numbers in this country.',
  'callback-blocked_number': 'We cannot call this kind of number.',
  'callback-in_progress': 'A call is already on its way.',
  'callback-too_many_calls': 'Too many calls requested. Try again later.',
  'callback-unavailable': 'The call could not be requested. Try again later.',
  'call-turns': 'What was said on the phone',
  readWholeCall: 'Read the whole call',
} satisfies FeatureTexts<string>;

export type Key = keyof typeof en;
