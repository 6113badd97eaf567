// Every host event by name, at run time: the script tag's `on` command checks names against it,
// and the custom element forwards each one as a DOM event.

import type { WebchatEventType } from './client';

/** A missing or extra event is a type error. */
export const EVENT_TYPES: Record<WebchatEventType, true> = {
  ready: true,
  open: true,
  close: true,
  status: true,
  message: true,
  handoff: true,
  'session-end': true,
  error: true,
  callback: true,
  voice: true,
  rating: true,
  'message-feedback': true,
  unread: true,
};

export const isEventType = (name: string): name is WebchatEventType => Object.hasOwn(EVENT_TYPES, name);
