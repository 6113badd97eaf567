// Shorthands for the reducer's tests: apply events, run actions, read the transcript by kind.

import type { ServerEvent } from '../../protocol/types';
import { reduce } from '../reducer';
import { type AgentMessage, createInitialState, type NoticeItem, type StoreAction, type UserMessage, type WebchatState } from '../state';

export const apply = (state: WebchatState, ...events: ServerEvent[]) => reduce(state, { type: 'server-events', events });
export const run = (...actions: StoreAction[]) => actions.reduce(reduce, createInitialState());
export const events = (...list: ServerEvent[]): StoreAction => ({ type: 'server-events', events: list });
export const send = (clientEventId: string, text = 'hi'): StoreAction => ({ type: 'user-send', clientEventId, text, timestamp: 'local' });

export const users = (state: WebchatState) => state.items.filter((item): item is UserMessage => item.kind === 'user');
export const agents = (state: WebchatState) =>
  state.items.filter((item): item is AgentMessage => item.kind === 'agent' || item.kind === 'live-agent');
export const notices = (state: WebchatState) =>
  state.items.filter((item): item is NoticeItem => item.kind === 'system').map((item) => item.notice);
export const keys = (state: WebchatState) => state.items.map((item) => item.key);
export const appliedIdsOf = (state: WebchatState) => [...state.appliedIds.base, ...state.appliedIds.recent];
