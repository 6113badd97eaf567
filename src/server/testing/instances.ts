// Starts site instances (site-instance.ts) as child processes and stops them.

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SiteInstanceConfig } from './site-instance';

export interface RunningInstance {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const SCRIPT = fileURLToPath(new URL('./site-instance.ts', import.meta.url));

export function startInstance(config: SiteInstanceConfig): Promise<RunningInstance> {
  return startListening(SCRIPT, { SITE_INSTANCE_CONFIG: JSON.stringify(config) });
}

/** Runs a TypeScript `script` that prints `listening <url>` once it serves. */
export function startListening(script: string, env: Record<string, string>): Promise<RunningInstance> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`site instance exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening (\S+)/.exec(output);
      if (match) resolve({ url: match[1]!, pid: child.pid ?? 0, stop: () => stop(child) });
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
