// The session's lifecycle: its capabilities, its language, its end, and the connection status.

import type { ServerEvent } from '../../protocol/types';
import type { StoreAction } from '../state';
import type { Draft, EventOutcome } from './draft';

type EventOf<Type extends ServerEvent['type']> = Extract<ServerEvent, { type: Type }>;

export function applySessionStart(event: EventOf<'EVENT_TYPE_SESSION_START'>, sequence: number | null, draft: Draft): void {
  if (draft.claim('capabilities', sequence)) draft.state.capabilities = event.capabilities;
}

export function applyLanguageChanged(event: EventOf<'EVENT_TYPE_LANGUAGE_CHANGED'>, sequence: number | null, draft: Draft): void {
  if (draft.claim('language', sequence)) draft.state.language = event.languageCode;
}

/** Input closes (the REST conversation's end comes as one too); unsent messages can only be retried. */
export function applySessionEnd(
  event: EventOf<'EVENT_TYPE_SESSION_END'>,
  sequence: number | null,
  draft: Draft,
  outcome: EventOutcome,
): void {
  const { state, transcript } = draft;
  draft.claim('typing', sequence);
  state.typing = null;
  state.status = 'ended';
  if (state.ended) return;
  const { reason } = event;
  outcome.notice = { code: 'session-ended', reason };
  state.ended = { reason };
  for (const item of transcript.items) if (item.kind === 'user' && item.status === 'sending') transcript.put({ ...item, status: 'failed' });
}

/** `ended` sticks until `reset`: a socket closing after SESSION_END must not revive the composer. */
export function applyStatus({ status, error }: Extract<StoreAction, { type: 'status' }>, draft: Draft): void {
  const { state } = draft;
  if (state.ended && status !== 'ended') return;
  state.status = status;
  if (error) {
    if (state.error?.code !== error.code || state.error.message !== error.message) state.error = error;
  } else if (status === 'online' || status === 'connecting') state.error = undefined;
}
