// Time-stamped incident counts (API errors, function errors, call crashes) per account and project.

import type { IncidentKind } from './types';

interface Incident {
  at: number;
  accountId: string;
  projectId: string | undefined;
}

export class Incidents {
  private readonly byKind: Record<IncidentKind, Incident[]> = { api_error: [], function_error: [], call_crash: [] };

  record(kind: IncidentKind, accountId: string, projectId: string | undefined, at = Date.now()): void {
    const list = this.byKind[kind];
    const incident = { at, accountId, projectId };
    // Incidents arrive in time order; a back-dated one (tests) is placed where it belongs.
    const last = list[list.length - 1];
    if (!last || last.at <= at) list.push(incident);
    else list.splice(firstAfter(list, at), 0, incident);
  }

  count(kind: IncidentKind, from: number, to: number, accountId: string, projectId: string | undefined): number {
    const list = this.byKind[kind];
    let total = 0;
    for (let index = firstAtOrAfter(list, from); index < list.length; index += 1) {
      const incident = list[index];
      if (!incident || incident.at >= to) break;
      if (incident.accountId !== accountId) continue;
      // An incident without a project (e.g. a bad path) counts for the account only.
      if (projectId === undefined || incident.projectId === projectId) total += 1;
    }
    return total;
  }

  clear(): void {
    for (const list of Object.values(this.byKind)) list.length = 0;
  }
}

function firstAtOrAfter(list: readonly Incident[], time: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle]?.at ?? 0) < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

function firstAfter(list: readonly Incident[], time: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle]?.at ?? 0) <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}
