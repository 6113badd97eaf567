// The bodies of the site's history endpoint (CONTRACT.md, "Site backend: historyUrl") and the
// turns a finished "Call me" call answers: read from untrusted JSON, field by field. A turn or an
// entry that is not what the wire says is left out; the rest of the answer stays usable.

import { isRecord } from './guards';

export type TurnAuthor = 'visitor' | 'agent' | 'live-agent';
export type ConversationChannel = 'chat' | 'phone';

/** One thing said in an earlier conversation or a phone call, as the platform recorded it. */
export interface SiteTurn {
  author: TurnAuthor;
  text: string;
  /** ISO 8601 time it was said ('' when the site gave none). */
  at: string;
}

/** One entry of the visitor's list of earlier conversations. */
export interface ConversationSummary {
  id: string;
  startedAt: string;
  endedAt: string;
  channel: ConversationChannel;
  /** The visitor's first words (at most 120 characters, cut by the site). */
  preview: string;
}

export interface ConversationTurns {
  id: string;
  startedAt: string;
  channel: ConversationChannel;
  turns: SiteTurn[];
}

const AUTHORS: readonly TurnAuthor[] = ['visitor', 'agent', 'live-agent'];
const CHANNELS: readonly ConversationChannel[] = ['chat', 'phone'];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const oneOf = <T extends string>(known: readonly T[], value: unknown): T | undefined => known.find((name) => name === value);

function parseTurn(value: unknown): SiteTurn | undefined {
  if (!isRecord(value)) return undefined;
  const author = oneOf(AUTHORS, value['author']);
  if (!author || typeof value['text'] !== 'string') return undefined;
  return { author, text: value['text'], at: text(value['at']) };
}

/** A list of turns; undefined when the value is no list at all (the site does not know them yet). */
export function parseTurns(value: unknown): SiteTurn[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((turn) => {
    const parsed = parseTurn(turn);
    return parsed ? [parsed] : [];
  });
}

function parseSummary(value: unknown): ConversationSummary | undefined {
  if (!isRecord(value)) return undefined;
  const id = value['id'];
  const channel = oneOf(CHANNELS, value['channel']);
  if (typeof id !== 'string' || !id || !channel) return undefined;
  return { id, startedAt: text(value['started_at']), endedAt: text(value['ended_at']), channel, preview: text(value['preview']) };
}

/** `GET {historyUrl}`: the visitor's earlier conversations, newest first; undefined for a body that is not one. */
export function parseConversationList(body: unknown): ConversationSummary[] | undefined {
  if (!isRecord(body) || !Array.isArray(body['conversations'])) return undefined;
  return body['conversations'].flatMap((entry) => {
    const parsed = parseSummary(entry);
    return parsed ? [parsed] : [];
  });
}

/** `GET {historyUrl}/{id}`: one conversation's turns; undefined for a body that is not one. */
export function parseConversationTurns(body: unknown): ConversationTurns | undefined {
  if (!isRecord(body)) return undefined;
  const id = body['id'];
  const turns = parseTurns(body['turns']);
  if (typeof id !== 'string' || !turns) return undefined;
  return { id, startedAt: text(body['started_at']), channel: oneOf(CHANNELS, body['channel']) ?? 'chat', turns };
}
