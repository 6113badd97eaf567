import type { TranscriptItem } from '../store/state';
import type { ChatTurn } from './callback-session';

/** Turns carried to the voice agent; the site's endpoint keeps what fits the call's metadata. */
const MAX_TURNS = 20;

/** The chat's latest complete messages, as the voice agent reads them. */
export function chatTurns(items: readonly TranscriptItem[]): ChatTurn[] {
  const turns: ChatTurn[] = [];
  for (const item of items)
    if (item.kind !== 'system' && item.text && !(item.kind !== 'user' && item.streaming))
      turns.push({ author: item.kind, text: item.text });
  return turns.slice(-MAX_TURNS);
}
