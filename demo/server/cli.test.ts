import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FAST_PACING, parseCliArgs } from './cli-args';
import { requestToken } from './test-kit';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

describe('CLI arguments', () => {
  it('parses every flag', () => {
    const parsed = parseCliArgs([
      '--port',
      '9001',
      '--control',
      '--fast',
      '--no-rate-limits',
      '--token-lifetime',
      '30',
      '--session-idle-ms',
      '5000',
      '--socket-idle-ms',
      '7000',
    ]);
    expect(parsed).toMatchObject({
      ok: true,
      options: { port: 9001, control: true, pacing: FAST_PACING, tokenLifetimeSeconds: 30, sessionIdleMs: 5000, socketIdleMs: 7000 },
    });
  });

  it('parses the alert evaluation flags', () => {
    expect(parseCliArgs(['--alert-interval-ms', '500', '--alert-window-scale', '0.01'])).toEqual({
      ok: true,
      options: { alerts: { evaluationIntervalMs: 500, windowScale: 0.01 } },
    });
    for (const args of [
      ['--alert-interval-ms', '10'],
      ['--alert-window-scale', '0'],
      ['--alert-window-scale', '2'],
    ]) {
      expect(parseCliArgs(args).ok, args.join(' ')).toBe(false);
    }
  });

  it('rejects unknown flags and bad values', () => {
    for (const args of [['--verbose'], ['--port'], ['--port', 'abc'], ['--port', '70000'], ['--token-lifetime', '0']]) {
      expect(parseCliArgs(args).ok, args.join(' ')).toBe(false);
    }
  });
});

describe('npm run platform', () => {
  it('prints exactly "listening on http://127.0.0.1:<port>", serves, and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/cli.ts', '--port', '0', '--control'], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (part: string) => {
          out += part;
          if (out.includes('\n')) resolve(out.split('\n')[0] ?? '');
        });
        child.on('exit', (code) => reject(new Error(`exited early with ${String(code)}`)));
      });
      const match = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
      expect(match, line).not.toBeNull();
      const url = match?.[1] ?? '';
      expect((await requestToken(url)).status).toBe(200);
      expect((await fetch(`${url}/demo/sample.svg`)).status).toBe(200);
      expect((await fetch(`${url}/__control/record`)).status).toBe(200);
      // The build host answers on the same port.
      expect((await fetch(`${url}/v1/agents/demo-agent`, { headers: { 'x-api-key': 'demo-build-key' } })).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
