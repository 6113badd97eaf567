// Starts site instances (site-instance.ts) as child processes and stops them.

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SiteInstanceConfig } from './site-instance';

export interface RunningInstance {
  url: string;
  stop(): Promise<void>;
}

const SCRIPT = fileURLToPath(new URL('./site-instance.ts', import.meta.url));

export function startInstance(config: SiteInstanceConfig): Promise<RunningInstance> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, SITE_INSTANCE_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`site instance exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening (\S+)/.exec(output);
      if (match) resolve({ url: match[1]!, stop: () => stop(child) });
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
