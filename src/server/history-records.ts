// A visitor's conversations as the Conversations API (v3) records them, read with ONE request per
// question: the Conversations API has no filter by id, so the request asks for the finished
// conversations of the right channels started within the time span the visitor's entries cover,
// and keeps those that are theirs (a chat by its session id, a call by `state.call_sid`).

import type { ClientEnvironment, Conversation, ConversationsClient } from './platform/conversations-client';
import type { HistoryChannel, HistoryEntry } from './visitor-history';

export interface HistoryTurn {
  author: 'visitor' | 'agent' | 'live-agent';
  text: string;
  /** ISO 8601. */
  at: string;
}

export interface HistorySummary {
  id: string;
  started_at: string;
  ended_at: string;
  channel: HistoryChannel;
  preview: string;
}

export interface RecordQuery {
  clientEnv?: ClientEnvironment;
  /** Records read at most (the one page's `limit`). */
  limit: number;
  signal?: AbortSignal;
}

/** The site's and the platform's clocks may differ: each span is widened by this much. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;
export const PREVIEW_CHARS = 120;

const PLATFORM_CHANNELS: Record<HistoryChannel, string> = { chat: 'WEBCHAT', phone: 'VOICE-SIP' };

/** The records of these entries (by entry id), from one page of the Conversations API. */
export async function findRecords(
  client: ConversationsClient,
  entries: readonly HistoryEntry[],
  query: RecordQuery,
): Promise<Map<string, Conversation>> {
  const found = new Map<string, Conversation>();
  if (entries.length === 0) return found;
  const from = Math.min(...entries.map((entry) => entry.at)) - CLOCK_SKEW_MS;
  const to = Math.max(...entries.map((entry) => entry.until)) + CLOCK_SKEW_MS;
  const channels = [...new Set(entries.map((entry) => PLATFORM_CHANNELS[entry.channel]))];
  const page = await client.page(
    {
      startTime: new Date(from).toISOString(),
      endTime: new Date(to).toISOString(),
      channels,
      inProgress: false,
      limit: query.limit,
      ...(query.clientEnv ? { clientEnv: query.clientEnv } : {}),
    },
    undefined,
    query.signal,
  );
  const wanted = new Map(entries.map((entry) => [entry.id, entry]));
  for (const conversation of page.conversations) {
    const id = entryIdOf(conversation);
    const entry = id === undefined ? undefined : wanted.get(id);
    if (entry && PLATFORM_CHANNELS[entry.channel] === conversation.channel) found.set(entry.id, conversation);
  }
  return found;
}

/** A chat is known by its session id, a call by the `call_sid` in its state. */
function entryIdOf(conversation: Conversation): string | undefined {
  if (conversation.channel === PLATFORM_CHANNELS.phone) {
    const sid = conversation.state['call_sid'];
    return typeof sid === 'string' ? sid : undefined;
  }
  return conversation.id;
}

/**
 * Each platform turn is the visitor's input and the answer to it. The record marks no author per
 * answer: after a handoff (`handoff` true), the answers following the turn that asked for it
 * (intent `handoff`) are the live agent's.
 */
export function historyTurns(conversation: Conversation): HistoryTurn[] {
  const handoffTurn = conversation.handoff ? conversation.turns.findIndex((turn) => turn.intents.includes('handoff')) : -1;
  const turns: HistoryTurn[] = [];
  conversation.turns.forEach((turn, index) => {
    if (turn.user_input.trim() !== '') turns.push({ author: 'visitor', text: turn.user_input, at: turn.user_input_datetime });
    if (turn.agent_response.trim() !== '') {
      const author = handoffTurn >= 0 && index > handoffTurn ? 'live-agent' : 'agent';
      turns.push({ author, text: turn.agent_response, at: turn.agent_response_datetime });
    }
  });
  return turns;
}

/** One line of the list; undefined when the visitor said nothing in it (nothing to come back to). */
export function historySummary(entry: HistoryEntry, conversation: Conversation): HistorySummary | undefined {
  const firstWords = conversation.turns.find((turn) => turn.user_input.trim() !== '')?.user_input;
  if (firstWords === undefined) return undefined;
  return {
    id: entry.id,
    started_at: conversation.started_at,
    ended_at: endedAt(conversation),
    channel: entry.channel,
    preview: preview(firstWords),
  };
}

function endedAt(conversation: Conversation): string {
  const started = Date.parse(conversation.started_at);
  if (Number.isNaN(started)) return conversation.started_at;
  return new Date(started + Math.max(0, conversation.total_duration) * 1000).toISOString();
}

/** The first words on one line, at most PREVIEW_CHARS characters (code points) with an ellipsis when cut. */
export function preview(text: string): string {
  const line = [...text.replace(/\s+/g, ' ').trim()];
  if (line.length <= PREVIEW_CHARS) return line.join('');
  return `${line
    .slice(0, PREVIEW_CHARS - 1)
    .join('')
    .trimEnd()}…`;
}
