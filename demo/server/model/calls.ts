// Outbound calls and their statuses. The telephony simulation moves them; the Outbound Calling
// API reads them; an answered call's conversation lives with the other conversations.

export type CallStatus = 'queued' | 'calling' | 'success' | 'failure';

export interface CallRecord {
  readonly sid: string;
  readonly projectId: string;
  readonly toNumber: string;
  readonly fromNumber: string;
  readonly metadata: Readonly<Record<string, string>>;
  readonly encryption: string;
  readonly createdAt: number;
  status: CallStatus;
  reason: string;
  /** When the call reached a terminal status; retention counts from here. */
  endedAt: number | undefined;
  /** The VOICE-SIP conversation, once the call was answered. */
  conversationId: string | undefined;
}

/** One status a call went through, and when (the console shows a call's whole lifecycle). */
export interface CallStatusChange {
  readonly status: CallStatus;
  readonly reason: string;
  readonly at: number;
}

export function isTerminal(status: CallStatus): boolean {
  return status === 'success' || status === 'failure';
}

export class Calls {
  private readonly bySid = new Map<string, CallRecord>();
  private readonly histories = new WeakMap<CallRecord, CallStatusChange[]>();

  add(call: CallRecord): void {
    this.bySid.set(call.sid, call);
    this.histories.set(call, [{ status: call.status, reason: call.reason, at: call.createdAt }]);
  }

  /** Every call whose status is still readable, oldest first. */
  list(retentionMs: number, now = Date.now()): CallRecord[] {
    return [...this.bySid.values()].filter((call) => this.get(call.sid, retentionMs, now) !== undefined);
  }

  historyOf(call: CallRecord): readonly CallStatusChange[] {
    return this.histories.get(call) ?? [];
  }

  /** Undefined for an unknown SID and for one whose status data has expired (then it is dropped). */
  get(sid: string, retentionMs: number, now = Date.now()): CallRecord | undefined {
    const call = this.bySid.get(sid);
    if (call?.endedAt !== undefined && now - call.endedAt > retentionMs) {
      this.bySid.delete(sid);
      return undefined;
    }
    return call;
  }

  /** Terminal statuses never change: a late move is ignored. */
  move(call: CallRecord, status: CallStatus, reason = '', at = Date.now()): void {
    if (isTerminal(call.status)) return;
    call.status = status;
    call.reason = reason;
    if (isTerminal(status)) call.endedAt = at;
    this.histories.get(call)?.push({ status, reason, at });
  }
}
