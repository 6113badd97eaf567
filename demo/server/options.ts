// Options of the reference platform server and their defaults. Defaults mirror the real
// platform's published limits; tests shrink the timings so the suite stays fast.

import type { AlertsOptions } from './alerts/alerts-api';
import { DEFAULT_TELEPHONY, type TelephonyTiming } from './outbound/telephony';

export interface RateLimit {
  /** Requests allowed inside one sliding window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitOptions {
  /** POST /api/v1/access-token, per connector. Default 60 per minute. */
  accessTokens?: RateLimit;
  /** POST /api/v1/sessions, per connector. Default 30 per minute. */
  sessionCreations?: RateLimit;
  /** EVENT_TYPE_USER_MESSAGE frames, per session. Default 20 per 10 s. */
  userMessages?: RateLimit;
  /** Chat REST calls, per API key. Default 120 per minute. */
  chatRequests?: RateLimit;
}

export interface Pacing {
  /** Between two chunks of a streamed message. */
  chunkDelayMs: number;
  /** Between SERVICE_AGENT_THINKING and the reply. */
  thinkingDelayMs: number;
  /** Between steps of the live-agent handoff (queue updates, typing, replies). */
  liveAgentDelayMs: number;
}

export interface PlatformOptions {
  /** 0 picks an ephemeral port. */
  port?: number;
  host?: string;
  /** Mounts the HTTP control routes under /__control/. The in-process `control` always works. */
  control?: boolean;
  /** May be fractional (tests); `expires_in` reports it rounded up to whole seconds. */
  tokenLifetimeSeconds?: number;
  sessionIdleMs?: number;
  socketIdleMs?: number;
  maxSocketsPerSession?: number;
  rateLimit?: RateLimitOptions;
  /** Events per EVENT_TYPE_EVENT_BATCH frame when replaying history. */
  replayBatchSize?: number;
  pacing?: Partial<Pacing>;
  /** Directories served as static files, searched in order (e.g. the repo's public/). */
  staticDir?: string | string[];
  /** File served at `/` (the demo page). */
  indexFile?: string;
  /** Alert rule evaluation (interval, test-only window scale) and webhook retry delays. */
  alerts?: AlertsOptions;
  /** Simulated telephony: `stepMs` between call statuses (1000), `callMs` an answered call lasts (4000). */
  telephony?: Partial<TelephonyTiming>;
  /** How long an outbound call's terminal status stays readable. Default 2 hours. */
  callRetentionMs?: number;
  /** Past conversations to create at start (deterministic for a given seed). */
  seedHistory?: { count: number; seed?: number };
  /**
   * Checks every answer of the public routes against the OpenAPI document and records what
   * leaves it (`server.responseViolations()`, `GET /__control/responseViolations`). Default: on
   * when the environment has PLATFORM_VALIDATE_RESPONSES=1 (the test setups set it).
   */
  validateResponses?: boolean;
}

export interface ResolvedOptions {
  port: number;
  host: string;
  control: boolean;
  tokenLifetimeSeconds: number;
  sessionIdleMs: number;
  socketIdleMs: number;
  maxSocketsPerSession: number;
  rateLimit: Required<RateLimitOptions>;
  replayBatchSize: number;
  pacing: Pacing;
  staticDirs: string[];
  indexFile: string | undefined;
  alerts: AlertsOptions;
  telephony: TelephonyTiming;
  callRetentionMs: number;
  seedHistory: { count: number; seed: number } | undefined;
  validateResponses: boolean;
}

export const DEFAULT_PACING: Pacing = { chunkDelayMs: 40, thinkingDelayMs: 400, liveAgentDelayMs: 800 };

export const DEFAULT_RATE_LIMITS: Required<RateLimitOptions> = {
  accessTokens: { limit: 60, windowMs: 60_000 },
  sessionCreations: { limit: 30, windowMs: 60_000 },
  userMessages: { limit: 20, windowMs: 10_000 },
  chatRequests: { limit: 120, windowMs: 60_000 },
};

/** A limit nobody reaches: for demos and e2e suites that create many sessions quickly. */
export const UNLIMITED: RateLimit = { limit: Number.MAX_SAFE_INTEGER, windowMs: 1_000 };

export function resolveOptions(options: PlatformOptions = {}): ResolvedOptions {
  const positive = (value: number | undefined, fallback: number): number =>
    value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
  const staticDir = options.staticDir;
  return {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    control: options.control ?? false,
    tokenLifetimeSeconds: positive(options.tokenLifetimeSeconds, 3600),
    sessionIdleMs: positive(options.sessionIdleMs, 600_000),
    socketIdleMs: positive(options.socketIdleMs, 600_000),
    maxSocketsPerSession: positive(options.maxSocketsPerSession, 10),
    rateLimit: { ...DEFAULT_RATE_LIMITS, ...options.rateLimit },
    replayBatchSize: Math.floor(positive(options.replayBatchSize, 100)),
    pacing: { ...DEFAULT_PACING, ...options.pacing },
    staticDirs: staticDir === undefined ? [] : Array.isArray(staticDir) ? staticDir : [staticDir],
    indexFile: options.indexFile,
    alerts: { ...options.alerts },
    telephony: { ...DEFAULT_TELEPHONY, ...options.telephony },
    callRetentionMs: positive(options.callRetentionMs, 2 * 60 * 60 * 1000),
    seedHistory: options.seedHistory
      ? { count: Math.max(0, Math.floor(options.seedHistory.count)), seed: options.seedHistory.seed ?? 1 }
      : undefined,
    validateResponses: options.validateResponses ?? process.env['PLATFORM_VALIDATE_RESPONSES'] === '1',
  };
}
