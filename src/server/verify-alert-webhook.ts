// Verifies an alert webhook delivery for a site's receiver, per the Standard Webhooks scheme the
// platform signs with: `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`
// keyed by the base64 part of the `whsec_…` secret. The HMAC comparison is Web Crypto's own
// `verify` (constant time); a timestamp outside the tolerance is refused against replays.
// Reference: docs/server.md.

import { parseJsonText } from './json-text';
import type { components } from './platform/platform-api';

export interface VerifyAlertWebhookOptions {
  /** How far `webhook-timestamp` may be from now, either way. Default 300 seconds. */
  toleranceSeconds?: number;
  /** The receiver's clock (tests). */
  now?: () => number;
}

/** The alert webhook payload, as the OpenAPI document's `webhooks` describe it (AlertWebhookEvent). */
export type AlertWebhookEvent = components['schemas']['AlertWebhookEvent'];

export type AlertState = AlertWebhookEvent['alert']['previous_state'];

export type AlertWebhookVerification =
  | { ok: true; event: AlertWebhookEvent; webhookId: string; timestamp: number; rawBody: string }
  | { ok: false; reason: string };

const DEFAULT_TOLERANCE_SECONDS = 300;
const SECRET_PREFIX = 'whsec_';
const STATES: readonly AlertState[] = ['ok', 'alert', 'no_data', 'unknown'];

/**
 * Reads the request's raw body (so pass `request.clone()` if you need the body afterwards) and
 * checks its signature with `secret` — or with any of several secrets while you rotate one.
 */
export async function verifyAlertWebhook(
  request: Request,
  secret: string | readonly string[],
  options: VerifyAlertWebhookOptions = {},
): Promise<AlertWebhookVerification> {
  const webhookId = request.headers.get('webhook-id');
  const timestampText = request.headers.get('webhook-timestamp');
  const signatureHeader = request.headers.get('webhook-signature');
  if (!webhookId || !timestampText || !signatureHeader) return fail('missing webhook-id, webhook-timestamp or webhook-signature header');
  if (!/^\d{1,12}$/.test(timestampText)) return fail('malformed webhook-timestamp');
  const timestamp = Number(timestampText);
  const nowSeconds = Math.floor((options.now?.() ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(nowSeconds - timestamp) > tolerance) return fail('webhook-timestamp outside the tolerance');

  const rawBody = await request.text();
  const signed = new TextEncoder().encode(`${webhookId}.${timestampText}.${rawBody}`);
  const signatures = signatureHeader
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => base64Bytes(entry.slice(3)))
    .filter((bytes): bytes is Uint8Array<ArrayBuffer> => bytes !== undefined);
  if (signatures.length === 0) return fail('no v1 signature');

  let matched = false;
  for (const candidate of typeof secret === 'string' ? [secret] : secret) {
    const keyBytes = base64Bytes(candidate.startsWith(SECRET_PREFIX) ? candidate.slice(SECRET_PREFIX.length) : candidate);
    if (!keyBytes) continue;
    const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    for (const signature of signatures) {
      if (await crypto.subtle.verify('HMAC', key, signature, signed)) matched = true;
    }
  }
  if (!matched) return fail('signature does not match');

  const event = parseAlertEvent(parseJsonText(rawBody));
  if (!event) return fail('signed body is not an alert event');
  return { ok: true, event, webhookId, timestamp, rawBody };
}

function fail(reason: string): AlertWebhookVerification {
  return { ok: false, reason };
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return undefined;
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseAlertEvent(value: unknown): AlertWebhookEvent | undefined {
  if (!isRecord(value) || !isRecord(value['alert'])) return undefined;
  const eventType = value['event_type'];
  if (eventType !== 'alerts.triggered' && eventType !== 'alerts.resolved') return undefined;
  const alert = value['alert'];
  const { id, name, project_id, metric, operator, threshold_value, current_value, previous_state, triggered_at, resolved_at } = alert;
  const state = STATES.find((known) => known === previous_state);
  if (
    typeof id !== 'string' ||
    typeof name !== 'string' ||
    !(project_id === null || typeof project_id === 'string') ||
    typeof metric !== 'string' ||
    typeof operator !== 'string' ||
    typeof threshold_value !== 'number' ||
    !(current_value === null || typeof current_value === 'number') ||
    state === undefined ||
    typeof triggered_at !== 'string' ||
    !(resolved_at === undefined || typeof resolved_at === 'string')
  )
    return undefined;
  const parsed: AlertWebhookEvent = {
    event_type: eventType,
    alert: { id, name, project_id, metric, operator, threshold_value, current_value, previous_state: state, triggered_at },
  };
  if (resolved_at !== undefined) parsed.alert.resolved_at = resolved_at;
  return parsed;
}
