// Streamed replies (SERVICE_AGENT_MESSAGE_CHUNK): parts are collected by chunk_index during the
// action and assembled once at its end, so any arrival order and any duplication give one text.

import type { ServerEvent } from '../protocol/types';
import type { Draft } from './draft';
import type { AgentMessage, ChunkAssembly } from './state';
import { positionFor, setTyping } from './common';
import { withAuthor } from './marks';

type ChunkEvent = Extract<ServerEvent, { type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK' }>;

export function applyChunk(d: Draft, event: ChunkEvent, sequence: number | null): void {
  const { messageId, chunkIndex } = event;
  const found = d.findAgent(messageId);
  const current = d.assembly(messageId);
  if (found ? !current : d.hasKey(messageId)) return; // message already whole (or the key is taken)
  if (current && (Object.hasOwn(current.parts, chunkIndex) || chunkIndex > (current.lastIndex ?? Infinity))) return;

  const assembly = d.mutableAssembly(messageId);
  assembly.parts[chunkIndex] = { text: event.text, attachments: event.attachments, suggestions: event.suggestions };
  // Two different "last" chunks would be a server bug; the lower one wins in every arrival order.
  if (event.isComplete) assembly.lastIndex = Math.min(assembly.lastIndex ?? chunkIndex, chunkIndex);

  if (!found) {
    d.pushItem(newStreamingItem(d, event, sequence));
    d.set('agentMessageCount', d.get('agentMessageCount') + 1);
  } else if (sequence !== null && (found.item.sequence === undefined || sequence < found.item.sequence)) {
    // The message sits where its earliest chunk does, whichever chunk came first.
    const moved: AgentMessage = { ...found.item, sequence, timestamp: event.timestamp };
    delete moved.afterSequence;
    d.replaceItem(found.index, moved);
  }
  setTyping(d, sequence, null);
  if (d.claim('suggestions', sequence)) d.setSuggestions(d.get('suggestions'), messageId);
  d.touchedChunks.add(messageId);
}

function newStreamingItem(d: Draft, event: ChunkEvent, sequence: number | null): AgentMessage {
  return {
    kind: 'agent',
    key: event.messageId,
    messageId: event.messageId,
    text: '',
    attachments: [],
    suggestions: [],
    streaming: true,
    timestamp: event.timestamp,
    ...positionFor(d, sequence),
  };
}

/** Appends every newly contiguous part to its item; a complete message leaves `chunks`. */
export function assembleTouchedChunks(d: Draft): void {
  for (const messageId of d.touchedChunks) {
    const assembly = d.assembly(messageId);
    const found = d.findAgent(messageId);
    if (!assembly || !found) continue;
    const item = withAuthor(extended(found.item, assembly), d.marks());
    d.replaceItem(found.index, item);
    if (!item.streaming) d.deleteAssembly(messageId);
    if (d.marks().suggestionsFrom === messageId) d.setSuggestions(item.suggestions, messageId);
  }
  d.touchedChunks.clear();
}

// The assembly is owned by this action (it was touched), so recording progress on it is safe.
function extended(item: AgentMessage, assembly: ChunkAssembly): AgentMessage {
  const limit = assembly.lastIndex ?? Infinity;
  let through = assembly.assembled ?? 0;
  let text = item.text;
  let attachments = item.attachments;
  let suggestions = item.suggestions;
  // Only parts contiguous from 1 are shown: the text never has a gap.
  for (let part = assembly.parts[through + 1]; through < limit && part; part = assembly.parts[through + 1]) {
    if (through === (assembly.assembled ?? 0)) {
      attachments = attachments.slice();
      suggestions = suggestions.slice();
    }
    text += part.text;
    attachments.push(...part.attachments);
    suggestions.push(...part.suggestions);
    through++;
  }
  assembly.assembled = through;
  const streaming = !(assembly.lastIndex !== undefined && through >= assembly.lastIndex);
  if (text === item.text && attachments === item.attachments && streaming === item.streaming) return item;
  return { ...item, text, attachments, suggestions, streaming };
}
