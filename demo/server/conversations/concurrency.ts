// Concurrent Calls: the peak number of simultaneous conversations in each 5-minute window,
// computed from the same records the Conversations API serves.

import type { ConversationRecord, Environment } from '../model/types';

export const BUCKET_MS = 5 * 60 * 1000;
/** Longest range one request may cover (the answer is one interval per 5 minutes). */
export const MAX_RANGE_MS = 31 * 24 * 60 * 60 * 1000;

export interface ConcurrencyFilter {
  projectId: string;
  environment: Environment;
  variantId?: string;
  variantName?: string;
  language?: string;
  phoneNumber?: string;
  /**
   * The name a variant has now in the environment's deployment (the Agents API's), undefined once
   * it is no longer deployed there. A record keeps the name its variant had when it started.
   */
  currentVariantName?: (variantId: string) => string | undefined;
}

export interface Interval {
  time: string;
  max_concurrent_conversations: number;
  variant_id?: string;
  variant_name?: string;
}

export function roundRange(start: number, end: number): { from: number; to: number } {
  const from = Math.floor(start / BUCKET_MS) * BUCKET_MS;
  const to = Math.max(from + BUCKET_MS, Math.ceil(end / BUCKET_MS) * BUCKET_MS);
  return { from, to };
}

export function concurrencyIntervals(
  records: readonly ConversationRecord[],
  filter: ConcurrencyFilter,
  from: number,
  to: number,
  sliceByVariant: boolean,
  now = Date.now(),
): Interval[] {
  const groups = new Map<string, { variantId: string; variantName: string; spans: Array<[number, number]> }>();
  for (const record of records) {
    if (record.startedAt >= to) break;
    const end = record.endedAt ?? now;
    if (end < from || !matches(record, filter)) continue;
    const key = sliceByVariant ? record.variantId : '';
    const group = groups.get(key) ?? { variantId: record.variantId, variantName: record.variantName, spans: [] };
    // Records come in start order: without a deployed name, the series takes its newest record's.
    group.variantName = record.variantName;
    group.spans.push([record.startedAt, end]);
    groups.set(key, group);
  }
  if (!sliceByVariant) {
    const spans = groups.get('')?.spans ?? [];
    return peaks(spans, from, to).map((peak, index) => ({ time: iso(from + index * BUCKET_MS), max_concurrent_conversations: peak }));
  }
  // A series is named as the variant is named now, so that name, given as variant_name, finds it all.
  for (const group of groups.values()) group.variantName = filter.currentVariantName?.(group.variantId) ?? group.variantName;
  // "Ascending": one list ordered by time; within a window, one interval per variant by variant_id.
  const series = [...groups.values()]
    .sort((a, b) => a.variantId.localeCompare(b.variantId))
    .map((group) => ({ group, peaks: peaks(group.spans, from, to) }));
  const intervals: Interval[] = [];
  const windows = Math.round((to - from) / BUCKET_MS);
  for (let index = 0; index < windows; index += 1) {
    for (const { group, peaks: values } of series) {
      intervals.push({
        time: iso(from + index * BUCKET_MS),
        max_concurrent_conversations: values[index] ?? 0,
        variant_id: group.variantId,
        variant_name: group.variantName,
      });
    }
  }
  return intervals;
}

function matches(record: ConversationRecord, filter: ConcurrencyFilter): boolean {
  if (record.projectId !== filter.projectId || record.environment !== filter.environment) return false;
  if (filter.variantId !== undefined && record.variantId !== filter.variantId) return false;
  if (filter.variantName !== undefined && !isNamed(record, filter.variantName, filter.currentVariantName)) return false;
  if (filter.language !== undefined && record.language.toLowerCase() !== filter.language.toLowerCase()) return false;
  if (filter.phoneNumber !== undefined && record.fromNumber !== filter.phoneNumber && record.toNumber !== filter.phoneNumber) return false;
  return true;
}

/** The name the record's variant had when it started, or the one it has now. */
function isNamed(record: ConversationRecord, name: string, currentName: ConcurrencyFilter['currentVariantName']): boolean {
  return record.variantName === name || currentName?.(record.variantId) === name;
}

/** A sweep over start (+1) and end (−1) points: the running count's maximum inside each window. */
function peaks(spans: ReadonlyArray<[number, number]>, from: number, to: number): number[] {
  const windows = Math.round((to - from) / BUCKET_MS);
  const result = new Array<number>(windows).fill(0);
  const points: Array<[number, number]> = [];
  for (const [start, end] of spans) {
    points.push([start, 1], [end, -1]);
  }
  // Ends sort before starts at the same instant: a conversation that ends as another starts is not concurrent with it.
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let running = 0;
  let window = -1;
  for (const [at, change] of points) {
    if (at >= to) break;
    // Entering a window: whatever is running as it opens counts in it.
    while (window + 1 < windows && at >= from + (window + 1) * BUCKET_MS) {
      window += 1;
      result[window] = Math.max(result[window] ?? 0, running);
    }
    running += change;
    if (window >= 0) result[window] = Math.max(result[window] ?? 0, running);
  }
  while (window + 1 < windows) {
    window += 1;
    result[window] = Math.max(result[window] ?? 0, running);
  }
  return result;
}

function iso(time: number): string {
  return new Date(time).toISOString();
}
