// Command-line flags of `npm run platform`, parsed into PlatformOptions.

import { type PlatformOptions, UNLIMITED } from './options';

export const USAGE =
  'usage: npm run platform -- [--port <n>] [--control] [--fast] [--no-rate-limits] ' +
  '[--token-lifetime <seconds>] [--session-idle-ms <ms>] [--socket-idle-ms <ms>] ' +
  '[--call-step-ms <ms>] [--call-retention-ms <ms>] [--seed-history <n>] [--seed <n>] ' +
  '[--alert-interval-ms <ms>] [--alert-window-scale <factor>]';

/** Pacing for e2e runs: the same events, a fraction of the waiting. */
export const FAST_PACING = { chunkDelayMs: 5, thinkingDelayMs: 20, liveAgentDelayMs: 40 };

export type CliParse = { ok: true; options: PlatformOptions } | { ok: false; error: string };

export function parseCliArgs(args: readonly string[]): CliParse {
  const options: PlatformOptions = {};
  for (let index = 0; index < args.length; index += 1) {
    const flag = args[index];
    const number = (): number | undefined => {
      index += 1;
      const value = Number(args[index]);
      return args[index] !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;
    };
    switch (flag) {
      case '--port': {
        const port = number();
        if (port === undefined || !Number.isInteger(port) || port > 65535) return { ok: false, error: '--port needs a port number' };
        options.port = port;
        break;
      }
      case '--control':
        options.control = true;
        break;
      case '--fast':
        options.pacing = FAST_PACING;
        break;
      case '--no-rate-limits':
        options.rateLimit = { accessTokens: UNLIMITED, sessionCreations: UNLIMITED, userMessages: UNLIMITED, chatRequests: UNLIMITED };
        break;
      case '--token-lifetime': {
        const seconds = number();
        if (seconds === undefined || seconds === 0) return { ok: false, error: '--token-lifetime needs a positive number of seconds' };
        options.tokenLifetimeSeconds = seconds;
        break;
      }
      case '--session-idle-ms': {
        const ms = number();
        if (ms === undefined || ms === 0) return { ok: false, error: '--session-idle-ms needs a positive number' };
        options.sessionIdleMs = ms;
        break;
      }
      case '--socket-idle-ms': {
        const ms = number();
        if (ms === undefined || ms === 0) return { ok: false, error: '--socket-idle-ms needs a positive number' };
        options.socketIdleMs = ms;
        break;
      }
      case '--alert-interval-ms': {
        const ms = number();
        if (ms === undefined || ms < 50) return { ok: false, error: '--alert-interval-ms needs a number of at least 50' };
        options.alerts = { ...options.alerts, evaluationIntervalMs: ms };
        break;
      }
      case '--alert-window-scale': {
        const factor = number();
        if (factor === undefined || factor === 0 || factor > 1)
          return { ok: false, error: '--alert-window-scale needs a factor above 0, at most 1' };
        options.alerts = { ...options.alerts, windowScale: factor };
        break;
      }
      case '--call-step-ms': {
        const ms = number();
        if (ms === undefined || ms === 0) return { ok: false, error: '--call-step-ms needs a positive number' };
        options.telephony = { ...options.telephony, stepMs: ms, callMs: 4 * ms };
        break;
      }
      case '--call-retention-ms': {
        const ms = number();
        if (ms === undefined || ms === 0) return { ok: false, error: '--call-retention-ms needs a positive number' };
        options.callRetentionMs = ms;
        break;
      }
      case '--seed-history': {
        const count = number();
        if (count === undefined || !Number.isInteger(count) || count > 1_000_000)
          return { ok: false, error: '--seed-history needs a count from 0 to 1000000' };
        options.seedHistory = { ...options.seedHistory, count };
        break;
      }
      case '--seed': {
        const seed = number();
        if (seed === undefined || !Number.isInteger(seed)) return { ok: false, error: '--seed needs a non-negative integer' };
        options.seedHistory = { count: options.seedHistory?.count ?? 0, seed };
        break;
      }
      default:
        return { ok: false, error: `unknown argument: ${String(flag)}` };
    }
  }
  return { ok: true, options };
}
