// A streamed reply (docs/protocol.md §5): chunk parts are kept by chunk_index and the message's text is
// rebuilt from the parts contiguous from 1, so any arrival order and any duplication give one
// text. A complete message leaves `chunks`.

import type { ServerEvent } from '../../protocol/types';
import type { AgentMessage, ChunkAssembly } from '../state';
import type { Draft } from './draft';

type Chunk = Extract<ServerEvent, { type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK' }>;

/** A writable copy without a prototype, so any id from the wire ("__proto__" included) is a plain key. */
const ownCopy = <T>(record: Record<string, T>): Record<string, T> => Object.assign(Object.create(null), record);

/**
 * The item with the waiting parts that now follow its text appended (up to the last chunk), and
 * those parts taken out of `assembly` (this action's own copy): each chunk's text is added once,
 * so a long reply costs its length, not its length squared.
 */
function appendContiguousParts(item: AgentMessage, assembly: ChunkAssembly): AgentMessage {
  let { text, attachments, suggestions } = item;
  const { parts, lastIndex = Infinity } = assembly;
  for (let part = parts[assembly.through + 1]; part && assembly.through < lastIndex; part = parts[assembly.through + 1]) {
    assembly.through++;
    delete parts[assembly.through];
    text += part.text;
    if (part.attachments.length) attachments = [...attachments, ...part.attachments];
    if (part.suggestions.length) suggestions = [...suggestions, ...part.suggestions];
  }
  const streaming = assembly.through < lastIndex;
  const unchanged =
    text === item.text && streaming === item.streaming && attachments === item.attachments && suggestions === item.suggestions;
  return unchanged ? item : { ...item, text, attachments, suggestions, streaming };
}

/**
 * The message with this chunk in, or undefined when the chunk changes nothing: the message is
 * already whole, its key belongs to another item, or this part is already in. `found` is the
 * transcript's item under the message id, `item` the message (that item, or a new empty one).
 */
export function applyChunk(
  draft: Draft,
  chunk: Chunk,
  sequence: number | null,
  found: unknown,
  message: AgentMessage,
): AgentMessage | undefined {
  const { messageId, chunkIndex, timestamp } = chunk;
  const { chunks } = draft.state;
  const assembly = Object.hasOwn(chunks, messageId) ? chunks[messageId] : undefined;
  if (found && (!assembly || message !== found)) return undefined;
  if (
    assembly &&
    (chunkIndex <= assembly.through || Object.hasOwn(assembly.parts, chunkIndex) || chunkIndex > (assembly.lastIndex ?? Infinity))
  )
    return undefined;
  // Two different "last" chunks would be a server bug; the lower one wins in every arrival order.
  const lastIndex = chunk.isComplete ? Math.min(assembly?.lastIndex ?? chunkIndex, chunkIndex) : assembly?.lastIndex;
  const next: ChunkAssembly = { through: assembly?.through ?? 0, parts: { ...assembly?.parts, [chunkIndex]: chunk }, lastIndex };
  if (!draft.ownsChunks) {
    draft.state.chunks = ownCopy(chunks);
    draft.ownsChunks = true;
  }
  draft.state.chunks[messageId] = next;
  let item = message;
  // The message sits where its earliest chunk does, whichever chunk came first.
  if (found && sequence !== null && sequence < (item.sequence ?? Infinity))
    item = { ...item, sequence, timestamp, afterSequence: undefined };
  item = appendContiguousParts(item, next);
  if (!item.streaming) delete draft.state.chunks[messageId];
  return item;
}
