// How the service agent speaks: thinking first, then a whole message, or chunks on a session
// that asked for streaming (docs/protocol.md §5 SERVICE_AGENT_MESSAGE / _CHUNK).

import { randomUUID } from 'node:crypto';
import type { Session } from '../messaging/session';
import type { Attachment, Suggestion } from '../messaging/wire';
import type { PlatformModel } from '../model/platform-model';
import type { Pacing } from '../options';

export interface AgentContext {
  session: Session;
  pacing: Pacing;
  /** Absolute origin of this server, for avatar and attachment URLs. */
  baseUrl: string;
  model: PlatformModel;
  /** What was said during the current turn, collected for its turn record. */
  spoken?: string[];
}

export interface Reply {
  text: string;
  attachments?: Attachment[];
  suggestions?: Suggestion[];
  /**
   * Streaming only: the last chunk (`is_complete`) carries the final words instead of being
   * empty. Both forms are legal; the demo uses each so clients meet both.
   */
  finalChunkHasText?: boolean;
}

const WORDS_PER_CHUNK = 3;

export function newMessageId(): string {
  return `msg_${randomUUID()}`;
}

export async function think(ctx: AgentContext): Promise<void> {
  ctx.session.emit('EVENT_TYPE_SERVICE_AGENT_THINKING', {});
  await ctx.session.sleep(ctx.pacing.thinkingDelayMs);
}

export async function say(ctx: AgentContext, reply: Reply): Promise<void> {
  const messageId = newMessageId();
  const attachments = reply.attachments ?? [];
  const suggestions = reply.suggestions ?? [];
  ctx.spoken?.push(reply.text);
  if (!ctx.session.streaming) {
    ctx.session.emit('EVENT_TYPE_SERVICE_AGENT_MESSAGE', {
      message_id: messageId,
      text: reply.text,
      attachments,
      response_suggestions: suggestions,
    });
    return;
  }
  const pieces = splitIntoPieces(reply.text);
  const finalText = reply.finalChunkHasText && pieces.length > 0 ? (pieces.pop() ?? '') : '';
  let index = 0;
  for (const piece of pieces) {
    index += 1;
    ctx.session.emit('EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK', chunk(messageId, piece, index, false, [], []));
    await ctx.session.sleep(ctx.pacing.chunkDelayMs);
  }
  // Attachments and suggestions ride on the last chunk, after all the text.
  ctx.session.emit('EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK', chunk(messageId, finalText, index + 1, true, attachments, suggestions));
}

function chunk(
  messageId: string,
  text: string,
  index: number,
  complete: boolean,
  attachments: Attachment[],
  suggestions: Suggestion[],
): Record<string, unknown> {
  return {
    message_id: messageId,
    text,
    attachments,
    response_suggestions: suggestions,
    chunk_index: index,
    is_complete: complete,
  };
}

/** A few words per piece, whitespace kept, so concatenation gives back the exact text. */
export function splitIntoPieces(text: string): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [];
  const pieces: string[] = [];
  for (let start = 0; start < words.length; start += WORDS_PER_CHUNK) {
    pieces.push(words.slice(start, start + WORDS_PER_CHUNK).join(''));
  }
  return pieces;
}
