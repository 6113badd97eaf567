// How the console lists conversations: the Conversations API answers in ascending start order
// (the platform's contract), a person wants the newest first and the ones a visitor spoke in.

import type { Conversation } from './platform-api';

/** Which conversations a listing keeps: all, only those where a visitor said something, or only greetings. */
export type VisitorFilter = 'any' | 'visitor' | 'greeting';

export function visitorFilterOf(value: string | null): VisitorFilter {
  return value === 'visitor' || value === 'greeting' ? value : 'any';
}

/** Turns in which the visitor said or typed something (a greeting turn has no user input). */
export function visitorTurns(conversation: Pick<Conversation, 'turns'>): number {
  return conversation.turns.filter((turn) => turn.userInput.trim() !== '').length;
}

function keeps(filter: VisitorFilter, conversation: Conversation): boolean {
  if (filter === 'any') return true;
  return visitorTurns(conversation) > 0 === (filter === 'visitor');
}

/** Newest start first; the API's ascending order breaks ties, so equal starts keep a stable order. */
export function newestFirst(conversations: readonly Conversation[]): Conversation[] {
  return conversations
    .map((conversation, index) => ({ conversation, index, start: Date.parse(conversation.startedAt) }))
    .sort((a, b) => (b.start || 0) - (a.start || 0) || b.index - a.index)
    .map(({ conversation }) => conversation);
}

export interface Listing {
  shown: Conversation[];
  /** Conversations the filter kept, on every page. */
  total: number;
  /** Of those, still in progress. */
  live: number;
  pages: number;
}

/** Page `page` (1-based) of the filtered list, newest first, `size` rows a page. */
export function listing(conversations: readonly Conversation[], filter: VisitorFilter, page: number, size: number): Listing {
  const kept = newestFirst(conversations.filter((conversation) => keeps(filter, conversation)));
  const pages = Math.max(1, Math.ceil(kept.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return {
    shown: kept.slice((current - 1) * size, current * size),
    total: kept.length,
    live: kept.filter((conversation) => conversation.inProgress).length,
    pages,
  };
}
