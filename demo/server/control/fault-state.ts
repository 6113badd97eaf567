// Faults armed through the control API and consumed by the HTTP, upgrade and outgoing paths.

import type { OutgoingFaults } from '../messaging/outgoing-pipeline';

export type FaultCount = number | 'all';

export interface HttpFaultSpec {
  status: 429 | 500 | 503;
  /** How many matching requests fail before the fault disarms itself. */
  count: number;
  retryAfterSeconds?: number;
  /** Path prefixes; default every API path (`/api/…` and the Chat REST `/v1/…`). */
  paths?: string[];
}

export interface ArmedHttpFault {
  status: 429 | 500 | 503;
  retryAfterSeconds: number | undefined;
}

interface PendingHttpFault extends HttpFaultSpec {
  remaining: number;
}

/** `status` undefined: destroy the TCP socket (a browser sees 1006). */
export interface UpgradeRefusal {
  status: number | undefined;
}

const API_PREFIXES = ['/api/', '/v1/'];

export class FaultState {
  outgoing: OutgoingFaults = {};
  private upgradeRefusal: { remaining: FaultCount; status: number | undefined } | undefined;
  private httpFaults: PendingHttpFault[] = [];

  refuseUpgrades(count: FaultCount, status?: number): void {
    this.upgradeRefusal = count === 0 ? undefined : { remaining: count, status };
  }

  takeUpgradeRefusal(): UpgradeRefusal | undefined {
    const refusal = this.upgradeRefusal;
    if (!refusal) return undefined;
    if (refusal.remaining !== 'all') {
      refusal.remaining -= 1;
      if (refusal.remaining <= 0) this.upgradeRefusal = undefined;
    }
    return { status: refusal.status };
  }

  addHttpFault(spec: HttpFaultSpec): void {
    if (spec.count > 0) this.httpFaults.push({ ...spec, remaining: spec.count });
  }

  takeHttpFault(path: string): ArmedHttpFault | undefined {
    const fault = this.httpFaults.find((candidate) => (candidate.paths ?? API_PREFIXES).some((prefix) => path.startsWith(prefix)));
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.httpFaults = this.httpFaults.filter((candidate) => candidate !== fault);
    return { status: fault.status, retryAfterSeconds: fault.retryAfterSeconds };
  }

  reset(): void {
    this.outgoing = {};
    this.upgradeRefusal = undefined;
    this.httpFaults = [];
  }
}

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path.startsWith(prefix));
}
