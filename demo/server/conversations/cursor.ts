// The v3 cursor: opaque and URL-safe (base64url), it names the last conversation served and the
// filters it was served for, so a next page with other filters is refused rather than wrong.

import { createHash } from 'node:crypto';
import { parseJsonBody } from '../http/http-io';
import { isRecord } from '../messaging/wire';
import type { ConversationRecord } from '../model/types';

export interface CursorPosition {
  startedAt: number;
  seq: number;
}

export function encodeCursor(last: ConversationRecord, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ s: last.startedAt, q: last.seq, f: digest(fingerprint) })).toString('base64url');
}

export type DecodedCursor = { ok: true; position: CursorPosition } | { ok: false; error: string };

export function decodeCursor(cursor: string, fingerprint: string): DecodedCursor {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return { ok: false, error: 'Malformed cursor' };
  const parsed = parseJsonBody(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!parsed.ok || !isRecord(parsed.value)) return { ok: false, error: 'Malformed cursor' };
  const { s, q, f } = parsed.value;
  if (typeof s !== 'number' || typeof q !== 'number' || typeof f !== 'string' || !Number.isInteger(q))
    return { ok: false, error: 'Malformed cursor' };
  if (f !== digest(fingerprint))
    return { ok: false, error: 'The cursor belongs to other filters; keep every filter identical between pages' };
  return { ok: true, position: { startedAt: s, seq: q } };
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 12);
}
