// Agent and live-agent messages (whole or streamed in chunks) and echoes of the user's own messages.

import type { ServerEvent } from '../protocol/types';
import { ownCopy, type Draft } from './draft';
import type { AgentMessage, ChunkAssembly } from './state';
import { setSuggestions, setTyping } from './common';
import { withAuthor } from './authors';

type Of<T extends ServerEvent['type']> = Extract<ServerEvent, { type: T }>;

/**
 * A whole message, or a chunk of a streamed one (PROTOCOL §5): chunk parts are kept by
 * chunk_index and the item's text is rebuilt from the parts contiguous from 1, so any arrival
 * order and any duplication give one text. A complete message leaves `chunks`.
 */
export function applyAgentMessage(
  d: Draft,
  e: Of<'EVENT_TYPE_SERVICE_AGENT_MESSAGE' | 'EVENT_TYPE_LIVE_AGENT_MESSAGE' | 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK'>,
  sequence: number | null,
): void {
  const { s } = d;
  const { messageId, timestamp } = e;
  const found = d.get(messageId);
  const live = e.type === 'EVENT_TYPE_LIVE_AGENT_MESSAGE';
  const fresh: AgentMessage = {
    kind: live ? 'live-agent' : 'agent',
    key: messageId,
    messageId,
    agentId: live ? e.agentId : undefined,
    text: e.text,
    attachments: e.attachments,
    suggestions: e.suggestions,
    streaming: false,
    timestamp,
    ...d.at(sequence),
  };
  let item = found?.kind === 'agent' || found?.kind === 'live-agent' ? found : fresh;
  if (e.type === 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK') {
    const assembly = Object.hasOwn(s.chunks, messageId) ? s.chunks[messageId] : undefined;
    const index = e.chunkIndex;
    // Already whole, the key taken by another item, or this part already in.
    if (found && (!assembly || item !== found)) return;
    if (assembly && (Object.hasOwn(assembly.parts, index) || index > (assembly.lastIndex ?? Infinity))) return;
    // Two different "last" chunks would be a server bug; the lower one wins in every arrival order.
    const lastIndex = e.isComplete ? Math.min(assembly?.lastIndex ?? index, index) : assembly?.lastIndex;
    const next: ChunkAssembly = { parts: { ...assembly?.parts, [index]: e }, lastIndex };
    if (s.chunks === d.base.chunks) s.chunks = ownCopy(s.chunks);
    s.chunks[messageId] = next;
    // The message sits where its earliest chunk does, whichever chunk came first.
    if (found && sequence !== null && sequence < (item.sequence ?? Infinity)) item = { ...item, sequence, timestamp, afterSequence: undefined };
    item = assembled(item, next);
    if (!item.streaming) delete s.chunks[messageId];
  } else if (found) {
    // One message_id is shown once, however many events carry it.
    return;
  }
  item = withAuthor(item, s.marks.joins);
  if (found) d.put(item);
  else {
    d.add(item);
    s.agentMessageCount++;
  }
  setTyping(d, sequence, null);
  if (d.claim('suggestions', sequence) || s.marks.suggestionsFrom === messageId) setSuggestions(d, item.suggestions, messageId);
}

/** The item rebuilt from the parts contiguous from 1: the text never has a gap. */
function assembled(item: AgentMessage, { parts, lastIndex = Infinity }: ChunkAssembly): AgentMessage {
  let text = '';
  const attachments = [];
  const suggestions = [];
  let through = 0;
  for (let part = parts[1]; part && through < lastIndex; part = parts[++through + 1]) {
    text += part.text;
    attachments.push(...part.attachments);
    suggestions.push(...part.suggestions);
  }
  const streaming = through < lastIndex;
  if (text === item.text && streaming === item.streaming && attachments.length === item.attachments.length && suggestions.length === item.suggestions.length) return item;
  return { ...item, text, attachments, suggestions, streaming };
}

/**
 * The server's copy of a user message (§6.5): the local `sending` item becomes `sent` and moves to
 * its sequence; without a local item (another tab, a reload) the echo itself becomes the item.
 */
export function applyUserEcho(d: Draft, e: Of<'EVENT_TYPE_USER_MESSAGE'>, sequence: number | null): void {
  const byId = e.clientEventId === undefined ? undefined : d.get(e.clientEventId);
  const byMessageId = e.messageId === undefined ? undefined : d.get(e.messageId, true);
  const found = byId?.kind === 'user' ? byId : byMessageId?.kind === 'user' ? byMessageId : undefined;
  if (found) {
    // Duplicated echoes (distinct ids) converge on the earliest one, whatever order they arrive in.
    const earliest = sequence !== null && (found.sequence === undefined || sequence < found.sequence);
    const first = earliest || found.eventId === undefined;
    d.put({
      ...found,
      status: 'sent',
      eventId: first ? e.id : found.eventId,
      timestamp: first && e.timestamp ? e.timestamp : found.timestamp,
      messageId: found.messageId ?? e.messageId,
      // Sent, so no longer "pending, last": placed at its sequence, or where the echo came.
      ...(earliest ? { sequence, afterSequence: undefined } : found.sequence === undefined && found.afterSequence === undefined ? { afterSequence: d.s.lastSequence } : {}),
    });
  } else {
    const key = e.clientEventId ?? e.id;
    if (d.get(key)) return;
    d.add({ kind: 'user', key, clientEventId: key, text: e.text, status: 'sent', messageId: e.messageId, eventId: e.id, timestamp: e.timestamp, ...d.at(sequence) });
  }
  if (d.claim('suggestions', sequence)) setSuggestions(d, [], undefined);
}
