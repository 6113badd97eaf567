// Delivers alert events to webhook endpoints: a signed POST to exactly the configured URL (no
// redirects followed), retried with growing delays while the receiver fails or cannot be reached.
// Every attempt keeps the message's `webhook-id`, so a receiver can drop a duplicate.

import { randomBytes } from 'node:crypto';
import type { AlertEventType, WebhookEndpoint } from './model';
import { signatureFor } from './signing';

/** Waits before the 2nd, 3rd… attempt; after the last one the message is given up. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000];
const ATTEMPT_TIMEOUT_MS = 10_000;
const MAX_LOG = 500;

export interface DeliveryAttempt {
  webhookId: string;
  endpointId: string;
  eventType: AlertEventType;
  attempt: number;
  /** The receiver's HTTP status, or absent when it could not be reached. */
  status?: number;
  error?: string;
  outcome: 'delivered' | 'retrying' | 'failed';
  at: string;
  /** When the next attempt is due (outcome `retrying` only). */
  nextAttemptAt?: string;
}

export interface DeliveryOptions {
  retryDelaysMs?: readonly number[];
  now?: () => Date;
}

export class WebhookDelivery {
  readonly attempts: DeliveryAttempt[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly inFlight = new Set<AbortController>();
  private readonly retryDelaysMs: readonly number[];
  private readonly now: () => Date;
  private closed = false;

  constructor(options: DeliveryOptions = {}) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.now = options.now ?? (() => new Date());
  }

  /** `current()` is read at every attempt: a rotated secret signs the retries, a deleted endpoint stops them. */
  send(current: () => WebhookEndpoint | undefined, eventType: AlertEventType, payload: unknown): string {
    const webhookId = `msg_${randomBytes(12).toString('hex')}`;
    const body = JSON.stringify(payload);
    void this.attempt(current, webhookId, eventType, body, 1);
    return webhookId;
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
  }

  private async attempt(
    current: () => WebhookEndpoint | undefined,
    webhookId: string,
    eventType: AlertEventType,
    body: string,
    attempt: number,
  ): Promise<void> {
    const endpoint = current();
    if (this.closed || !endpoint) return;
    const timestamp = Math.floor(this.now().getTime() / 1000);
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    this.inFlight.add(controller);
    let status: number | undefined;
    let error: string | undefined;
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        redirect: 'manual',
        signal: controller.signal,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'agent-webchat-reference-platform',
          'webhook-id': webhookId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureFor(endpoint.signingSecret, webhookId, timestamp, body),
        },
        body,
      });
      status = response.status;
      await response.body?.cancel();
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    const delivered = status !== undefined && status >= 200 && status < 300;
    const delay = this.retryDelaysMs[attempt - 1];
    const outcome = delivered ? 'delivered' : delay === undefined || this.closed ? 'failed' : 'retrying';
    this.log({
      webhookId,
      endpointId: endpoint.id,
      eventType,
      attempt,
      outcome,
      at: this.now().toISOString(),
      ...(status === undefined ? {} : { status }),
      ...(error === undefined ? {} : { error }),
      ...(outcome === 'retrying' && delay !== undefined ? { nextAttemptAt: new Date(this.now().getTime() + delay).toISOString() } : {}),
    });
    if (outcome !== 'retrying' || delay === undefined) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(current, webhookId, eventType, body, attempt + 1);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private log(entry: DeliveryAttempt): void {
    this.attempts.push(entry);
    if (this.attempts.length > MAX_LOG) this.attempts.shift();
  }
}
