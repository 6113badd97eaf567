// One HTTP call to a platform API from a site's backend: a timeout, no redirects (they would
// carry the key elsewhere), the platform's error text (with the key removed) in a typed error,
// and retries with exponential backoff only for the statuses the platform calls transient.

import { parseJsonText } from '../json-text';

export interface ClientOptions {
  /** `https://<runtime host>` (the reference platform: `http://127.0.0.1:8788`). */
  baseUrl: string;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /** Per attempt. Default 10 000 ms. */
  timeoutMs?: number;
  /** Retries of transient failures. Default 3 attempts more, starting at 500 ms, doubling. */
  retry?: { attempts?: number; baseDelayMs?: number };
}

export class PlatformApiError extends Error {
  readonly status: number;
  /** Seconds, when the platform sent Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'PlatformApiError';
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface PlatformCall {
  method: 'GET' | 'POST';
  /** Path and query, appended to baseUrl. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Statuses worth another attempt (0 stands for a network failure or timeout). */
  transient: readonly number[];
  /** Removed from any message that could reach a log. */
  secret: string;
  service: string;
}

export interface PlatformAnswer {
  status: number;
  body: unknown;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_MESSAGE_CHARS = 300;

export async function callPlatform(options: ClientOptions, call: PlatformCall, signal?: AbortSignal): Promise<PlatformAnswer> {
  const attempts = 1 + Math.max(0, options.retry?.attempts ?? 3);
  const baseDelayMs = Math.max(0, options.retry?.baseDelayMs ?? 500);
  let lastError: PlatformApiError | undefined;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (attempt > 0) await sleep(backoff(baseDelayMs, attempt, lastError?.retryAfterSeconds), signal);
    try {
      return await attemptCall(options, call, signal);
    } catch (error) {
      if (!(error instanceof PlatformApiError) || !call.transient.includes(error.status)) throw error;
      lastError = error;
    }
  }
  throw lastError ?? new PlatformApiError(0, `${call.service}: no attempt made`);
}

async function attemptCall(options: ClientOptions, call: PlatformCall, signal: AbortSignal | undefined): Promise<PlatformAnswer> {
  const doFetch = options.fetch ?? fetch;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let response: Response;
  let text: string;
  try {
    response = await doFetch(`${options.baseUrl.replace(/\/+$/, '')}${call.path}`, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new PlatformApiError(0, `${call.service} ${timedOut ? 'did not answer in time' : 'unreachable'}`);
  }
  if (response.status >= 200 && response.status < 300)
    return { status: response.status, body: text === '' ? undefined : parseJsonText(text) };
  const retryAfter = Number(response.headers.get('Retry-After'));
  const detail = errorText(text)?.replaceAll(call.secret, '[redacted]');
  throw new PlatformApiError(
    response.status,
    `${call.service} answered ${response.status}${detail ? `: ${detail}` : ''}`,
    Number.isFinite(retryAfter) && retryAfter >= 0 && response.headers.has('Retry-After') ? retryAfter : undefined,
  );
}

function errorText(text: string): string | undefined {
  const body = parseJsonText(text);
  if (typeof body !== 'object' || body === null) return undefined;
  const message = Object.hasOwn(body, 'error_message') ? Reflect.get(body, 'error_message') : Reflect.get(body, 'message');
  return typeof message === 'string' ? message.slice(0, MAX_MESSAGE_CHARS) : undefined;
}

/** Exponential with full jitter; a Retry-After from the platform is a floor. */
export function backoff(baseDelayMs: number, attempt: number, retryAfterSeconds?: number): number {
  const exponential = baseDelayMs * 2 ** (attempt - 1);
  const jittered = exponential / 2 + Math.random() * (exponential / 2);
  return Math.max(jittered, (retryAfterSeconds ?? 0) * 1000);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A wire answer that is not what the platform documents is an error, not a guess. */
export function malformed(service: string, what: string): PlatformApiError {
  return new PlatformApiError(502, `${service} sent a malformed answer: ${what}`);
}
