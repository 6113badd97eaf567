// Dedupe (docs/protocol.md §6.2): the ids of applied server events, in two tiers so that a live frame
// copies only the small recent tier; it folds into the shared, never-mutated base once it grows.

import type { WebchatState } from '../state';

/** How many ids the recent tier of `appliedIds` holds before it folds into the base. */
export const RECENT_IDS = 128;

type AppliedIds = WebchatState['appliedIds'];

export const isAppliedIn = ({ base, recent }: AppliedIds, id: string) => base.has(id) || recent.includes(id);

/**
 * Records the ids one action applies. Its copy of a tier is made on the first new id: of the
 * recent tier, or — when the action's events would overflow it — of base with recent folded in
 * (folding costs a copy of every id, so once per RECENT_IDS new ids, not per frame).
 */
export function draftAppliedIds(current: AppliedIds, eventCount: number) {
  let applied = current;
  let newIds: string[] | Set<string> | undefined;
  return {
    /** The ids after this action (the same object when none was added). */
    result: () => applied,
    isApplied: (id: string) => isAppliedIn(applied, id),
    add(id: string) {
      if (!newIds) {
        const { base, recent } = current;
        if (recent.length + eventCount > RECENT_IDS) {
          const folded = new Set(base);
          for (const recentId of recent) folded.add(recentId);
          newIds = folded;
          applied = { base: folded, recent: [] };
        } else {
          const copied = [...recent];
          newIds = copied;
          applied = { base, recent: copied };
        }
      }
      if (Array.isArray(newIds)) newIds.push(id);
      else newIds.add(id);
    },
  };
}
