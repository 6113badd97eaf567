// Which conversations were a visitor's: the sessions the token endpoint bound to them and the calls
// the callback endpoint placed for them, kept `retentionDays` under the visitor's key (the hash of
// the cookie, or of the site's user id). Ids and times only: the turns stay on the platform, and
// the history endpoint reads them from the Conversations API when asked.

import { parseJsonText } from './json-text';
import { redisCall } from './shared-state';
import { field } from './upstream';

export type HistoryChannel = 'chat' | 'phone';

export interface HistoryEntry {
  /** The Messaging `session_id` (chat) or the call's `call_sid` (phone). */
  id: string;
  channel: HistoryChannel;
  /** Epoch ms when it was bound or requested. */
  at: number;
  /** Epoch ms by which its platform record has started (the token's expiry; a call's longest wait). */
  until: number;
}

export interface VisitorHistory {
  /** Adds one entry and keeps the visitor's list `ttlSeconds` from now; entries older than that drop out. */
  record(visitorKey: string, entry: HistoryEntry, ttlSeconds: number): Promise<void>;
  /** The visitor's entries still within the retention, oldest first. */
  list(visitorKey: string, ttlSeconds: number): Promise<HistoryEntry[]>;
  /** Forgets the visitor's list. */
  forget(visitorKey: string): Promise<void>;
}

/** Entries kept per visitor; the oldest go first. */
export const MAX_HISTORY_ENTRIES = 200;

export function createMemoryHistory(now: () => number, maxVisitors = 10_000): VisitorHistory {
  const lists = new Map<string, { entries: HistoryEntry[]; until: number }>();
  const live = (key: string, ttlSeconds: number): HistoryEntry[] => {
    const kept = lists.get(key);
    if (!kept || kept.until <= now()) {
      lists.delete(key);
      return [];
    }
    const oldest = now() - ttlSeconds * 1000;
    return kept.entries.filter((entry) => entry.at >= oldest);
  };
  return {
    async record(key, entry, ttlSeconds) {
      const entries = live(key, ttlSeconds).filter((kept) => kept.id !== entry.id);
      entries.push({ ...entry });
      lists.delete(key);
      lists.set(key, { entries: entries.slice(-MAX_HISTORY_ENTRIES), until: now() + ttlSeconds * 1000 });
      while (lists.size > maxVisitors) {
        const first = lists.keys().next().value;
        if (first === undefined) break;
        lists.delete(first);
      }
    },
    list: async (key, ttlSeconds) => live(key, ttlSeconds).map((entry) => ({ ...entry })),
    async forget(key) {
      lists.delete(key);
    },
  };
}

/** The part of node-redis the Redis history uses: one script per change, so N instances never interleave. */
export interface HistoryRedisClient {
  readonly isReady?: boolean;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  del(key: string): Promise<unknown>;
}

// A sorted set per visitor, scored by time: adding, dropping what is past the retention, capping
// the count and renewing the TTL happen in one script (atomic on the Redis server).
const RECORD_SCRIPT = `
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[3])
local extra = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[4])
if extra > 0 then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, extra - 1) end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;
const LIST_SCRIPT = "return redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], '+inf', 'WITHSCORES')";

export function createRedisHistory(client: HistoryRedisClient, prefix: string, now: () => number = Date.now): VisitorHistory {
  return {
    async record(key, entry, ttlSeconds) {
      const ttlMs = Math.max(1000, Math.ceil(ttlSeconds * 1000));
      const member = JSON.stringify({ id: entry.id, channel: entry.channel, until: entry.until });
      await redisCall(client, () =>
        client.eval(RECORD_SCRIPT, {
          keys: [prefix + key],
          arguments: [String(entry.at), member, String(now() - ttlMs), String(MAX_HISTORY_ENTRIES), String(ttlMs)],
        }),
      );
    },
    async list(key, ttlSeconds) {
      const oldest = now() - Math.ceil(ttlSeconds * 1000);
      const answer = await redisCall(client, () => client.eval(LIST_SCRIPT, { keys: [prefix + key], arguments: [String(oldest)] }));
      if (!Array.isArray(answer)) return [];
      // Member, score, member, score…: the score is when it was recorded.
      const entries: HistoryEntry[] = [];
      for (let index = 0; index + 1 < answer.length; index += 2) {
        const member: unknown = answer[index];
        const at = Number(answer[index + 1]);
        const entry = typeof member === 'string' && Number.isFinite(at) ? parseMember(member, at) : undefined;
        if (entry) entries.push(entry);
      }
      return entries;
    },
    async forget(key) {
      await redisCall(client, () => client.del(prefix + key));
    },
  };

  function parseMember(text: string, at: number): HistoryEntry | undefined {
    const value = parseJsonText(text);
    const id = field(value, 'id');
    const channel = field(value, 'channel');
    const until = field(value, 'until');
    if (typeof id !== 'string' || (channel !== 'chat' && channel !== 'phone') || typeof until !== 'number') return undefined;
    return { id, channel, at, until };
  }
}
