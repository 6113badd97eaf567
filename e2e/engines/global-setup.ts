// Starts the e2e world (e2e/serve.ts: platform with its control API, and the site) once for
// the cross-engine suite, and stops it afterwards, failing the run if the platform answered
// outside its OpenAPI document.
import { spawn } from 'node:child_process';
import checkPlatformAnswers from '../platform-answers.teardown';
import { PLATFORM_URL } from './control';

export default async function setup(): Promise<() => void> {
  const server = spawn('node_modules/.bin/tsx', ['e2e/serve.ts'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: process.env,
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${PLATFORM_URL}/demo/sample.svg`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`e2e server did not start on ${PLATFORM_URL}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return async () => {
    try {
      // Every answer the journey got from the platform must be one its OpenAPI document describes.
      await checkPlatformAnswers();
    } finally {
      if (server.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    }
  };
}
